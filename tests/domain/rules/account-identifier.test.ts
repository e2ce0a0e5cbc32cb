import { describe, expect, it } from 'vitest';
import { parseAccountIdentifier } from '../../../domain/rules/account-identifier';

describe('parseAccountIdentifier', () => {
  it.each([
    ['13800000000', { kind: 'mobile', value: '13800000000' }],
    [' 19912345678 ', { kind: 'mobile', value: '19912345678' }],
    ['12800000000', { kind: 'other', value: '12800000000' }], // second digit must be 3-9
    ['1380000000', { kind: 'other', value: '1380000000' }],
    ['Li.Na@Lab.Example', { kind: 'email', value: 'li.na@lab.example' }],
    ['not an email@', { kind: 'other', value: 'not an email@' }],
    ['DOMAIN\\user', { kind: 'other', value: 'domain\\user' }],
  ])('%s', (input, expected) => {
    expect(parseAccountIdentifier(input)).toEqual(expected);
  });
});
