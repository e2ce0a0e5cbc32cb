import { describe, expect, it } from 'vitest';
import {
  helpDocPath,
  helpDocRouteName,
  parseHelpDocPath,
  productOfPlatform,
} from '../../../domain/rules/help-docs';

describe('help-doc paths', () => {
  it.each([
    ['ELN', '/eln/guide/start'],
    ['STABILITY', '/stability/guide/start'],
    ['NOPE', '/'],
    ['', '/'],
  ])("%s's help item goes to %s", (code, path) => {
    expect(helpDocPath(code)).toBe(path);
  });

  it('names each route platform plus _doc', () => {
    expect(helpDocRouteName('CIMS')).toBe('cims_doc');
  });

  it('knows the products by their platform segment only', () => {
    expect(productOfPlatform('pm')).toBe('PM');
    expect(productOfPlatform('PM')).toBeNull();
    expect(productOfPlatform('app')).toBeNull();
  });

  it.each([
    ['/eln/guide/start', { code: 'ELN', a: 'guide', b: 'start' }],
    ['/cims/faq/login-2/', { code: 'CIMS', a: 'faq', b: 'login-2' }],
    ['/app/cims', null],
    ['/cims', null],
    ['/nope/guide/start', null],
    ['/eln/../start', null],
    ['/eln/guide/a.md', null],
    ['/eln/Guide/start', null],
    ['/eln/guide/start/more', null],
    [`/eln/${'a'.repeat(41)}/start`, null],
  ])('reads %s', (path, expected) => {
    expect(parseHelpDocPath(path)).toEqual(expected);
  });
});
