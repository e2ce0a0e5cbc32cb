import { describe, expect, it } from 'vitest';
import {
  defaultOrgConfig,
  effectiveLockIdleMinutes,
  effectiveModules,
  keysOfCategory,
  orgConfigCategoryOf,
  orgConfigKeyOf,
} from '../../../domain/rules/org-config';
import { checkOrgConfigValue } from '../../../domain/schemas/org-config';

describe('effectiveModules', () => {
  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])('deployment %s and organisation %s: %s', (deployment, organisation, expected) => {
    const both = effectiveModules(
      { reset: deployment, appDownload: deployment },
      { reset: organisation, appDownload: organisation },
    );
    expect(both).toEqual({ reset: expected, appDownload: expected });
  });
});

describe('effectiveLockIdleMinutes', () => {
  it.each([
    [0, 0, 0],
    [30, 0, 30],
    [0, 15, 15],
    [30, 15, 15],
    [10, 15, 10],
  ])('deployment %i and organisation %i: %i', (deployment, organisation, expected) => {
    expect(effectiveLockIdleMinutes(deployment, organisation)).toBe(expected);
  });
});

describe('the catalogue', () => {
  it('groups keys by category and knows their defaults', () => {
    expect(keysOfCategory('modules')).toEqual(['reset', 'appDownload']);
    expect(keysOfCategory('security')).toEqual(['signInVerification']);
    expect(keysOfCategory('session')).toEqual(['lockIdleMinutes']);
    expect(defaultOrgConfig()).toEqual({
      reset: true,
      appDownload: true,
      signInVerification: 'off',
      lockIdleMinutes: 0,
    });
  });

  it.each([
    ['appDownload', 'appDownload'],
    ['APPDOWNLOAD', 'appDownload'],
    ['secondaryVerification', null],
    ['__proto__', null],
  ])('reads the key %s as %s', (name, key) => {
    expect(orgConfigKeyOf(name)).toBe(key);
  });

  it.each([
    ['Session', 'session'],
    ['billing', null],
  ])('reads the category %s as %s', (name, category) => {
    expect(orgConfigCategoryOf(name)).toBe(category);
  });
});

describe('checkOrgConfigValue', () => {
  it.each([
    ['reset', false, { value: false }],
    ['reset', 'off', { problem: { key: 'errors.orgConfig.notSwitch', params: { field: 'reset' } } }],
    ['lockIdleMinutes', 480, { value: 480 }],
    [
      'lockIdleMinutes',
      481,
      { problem: { key: 'errors.orgConfig.range', params: { field: 'lockIdleMinutes', min: 0, max: 480 } } },
    ],
    ['signInVerification', 'always', { value: 'always' }],
    [
      'signInVerification',
      'never',
      {
        problem: {
          key: 'errors.orgConfig.option',
          params: { field: 'signInVerification', options: 'off, new-device, always' },
        },
      },
    ],
  ] as const)('checks %s = %j', (key, value, expected) => {
    expect(checkOrgConfigValue(key, value)).toEqual(expected);
  });
});
