import { describe, expect, it } from 'vitest';
import {
  lastAdminRefusal,
  type MemberAction,
  memberActionRefusal,
  memberSearch,
  nameContains,
  normaliseMobile,
  parseMemberAccount,
  superiorRefusal,
} from '../../../domain/rules/members';

describe('normaliseMobile', () => {
  it.each([
    ['13800000000', '13800000000'],
    ['138 0000 0000', '13800000000'],
    ['１３８００００００００', '13800000000'],
    ['１３８\u3000００００ ００００', '13800000000'],
    ['138-0000-0000', '13800000000'],
    ['+86 138 0000 0000', '13800000000'],
    ['0086 13800000000', '13800000000'],
    ['＋８６１３８００００００００', '13800000000'],
    ['12345', '12345'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseMobile(input)).toBe(expected);
  });
});

describe('parseMemberAccount', () => {
  it.each([
    ['13800000000', { kind: 'mobile', value: '13800000000' }],
    [' １３８ ００００ ００００ ', { kind: 'mobile', value: '13800000000' }],
    ['Ada@Lab.Example', { kind: 'email', value: 'ada@lab.example' }],
    ['ａｄａ＠lab.example', { kind: 'email', value: 'ada@lab.example' }],
    ['12800000000', { kind: 'invalid', key: 'errors.validation.invalidMobile' }],
    ['1380000000', { kind: 'invalid', key: 'errors.validation.invalidMobile' }],
    ['ada@', { kind: 'invalid', key: 'errors.validation.invalidEmail' }],
    ['', { kind: 'invalid', key: 'errors.validation.invalidMobile' }],
  ])('%j', (input, expected) => {
    expect(parseMemberAccount(input)).toEqual(expected);
  });
});

describe('memberActionRefusal', () => {
  const cases: Array<[MemberAction, number[], string | null]> = [
    ['remove', [], 'errors.members.noneSelected'],
    ['remove', [2, 3], null],
    ['remove', [2, 1], 'errors.members.cannotRemoveSelf'],
    ['revokeAdmin', [1], 'errors.members.cannotRevokeOwnAdmin'],
    ['revokeAdmin', [2], null],
    ['setAdmin', [1], 'errors.members.notOnSelf'],
    ['setAdmin', [], 'errors.members.noneSelected'],
    ['resetPassword', [1, 2], 'errors.members.notOnSelf'],
    ['resetPassword', [2], null],
  ];
  it.each(cases)('%s of %j by member 1 -> %s', (action, ids, expected) => {
    expect(memberActionRefusal(action, 1, ids)).toBe(expected);
  });
});

describe('lastAdminRefusal', () => {
  it.each([
    [[1], [1], 'errors.members.lastAdmin'],
    [[1, 2], [1, 2], 'errors.members.lastAdmin'],
    [[1, 2], [2], null],
    [[1, 2], [3], null],
    [[], [], 'errors.members.lastAdmin'],
  ])('admins %j losing %j -> %s', (admins, leaving, expected) => {
    expect(lastAdminRefusal(admins, leaving)).toBe(expected);
  });
});

describe('superiorRefusal', () => {
  it.each([
    [5, 5, 'errors.members.superiorSelf'],
    [5, 6, null],
    [5, null, null],
    [null, 6, null],
  ])('member %s with superior %s -> %s', (member, superior, expected) => {
    expect(superiorRefusal(member, superior)).toBe(expected);
  });
});

describe('memberSearch', () => {
  it.each([
    [undefined, null],
    ['   ', null],
    ['Ada', { name: 'ada', email: 'ada' }],
    ['ada.l', { name: 'ada.l', email: 'ada.l' }],
    ['Ada Lovelace', { name: 'ada lovelace' }],
    ['１３８ ００', { mobile: '13800' }],
    ['+86 138', { mobile: '138' }],
    ['ADA@LAB', { email: 'ada@lab' }],
    ['王', { name: '王' }],
    ['Zh\u0001ou', { name: 'zhou', email: 'zhou' }],
  ])('%j -> %j', (keyword, expected) => {
    expect(memberSearch(keyword)).toEqual(expected);
  });
});

describe('nameContains', () => {
  it.each([
    ['周一 Zhou Yi', 'zhou', true],
    ['周一 Zhou Yi', 'ou y', true],
    ['周一 Zhou Yi', 'ＹＩ', true],
    ['王晨 Wang Chen', '晨', true],
    ['王晨 Wang Chen', 'zhou', false],
  ])('%j contains %j: %j', (name, keyword, expected) => {
    expect(nameContains(name, keyword)).toBe(expected);
  });
});
