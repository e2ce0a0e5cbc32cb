import { describe, expect, it } from 'vitest';
import {
  bindName,
  escapeDnValue,
  fillFilter,
  isDirectoryUrl,
  normaliseDomains,
  parseDomainLogin,
} from '../../../domain/rules/ldap';

/** RFC 4515 filter escaping as the server's LDAP client does it (ldapts Filter.escape). */
const escapeFilterValue = (value: string) =>
  value.replace(/[*()\\\0]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

describe('parseDomainLogin', () => {
  it.each([
    ['alice@lab.test', { domain: 'lab.test', username: 'alice' }],
    ['LAB\\alice', { domain: 'lab', username: 'alice' }],
    ['  Corp.Example\\Bob  ', { domain: 'corp.example', username: 'Bob' }],
    ['alice', { domain: null, username: 'alice' }],
    ['first.last@sub@corp.example', { domain: 'corp.example', username: 'first.last@sub' }],
    ['LAB\\back\\slash', { domain: 'lab', username: 'back\\slash' }],
    ['LAB\\  alice   smith ', { domain: 'lab', username: 'alice smith' }],
    ['\\alice', { domain: null, username: '\\alice' }],
    ['alice@', { domain: null, username: 'alice@' }],
  ])('splits %j', (input, expected) => {
    expect(parseDomainLogin(input)).toEqual(expected);
  });
});

describe('escapeDnValue', () => {
  it.each([
    ['alice', 'alice'],
    ['alice,ou=admins', 'alice\\,ou\\=admins'],
    ['a+b;c<d>e"f\\g', 'a\\+b\\;c\\<d\\>e\\"f\\\\g'],
    ['#hash', '\\#hash'],
    [' lead', '\\ lead'],
    ['trail ', 'trail\\ '],
    ['nul\0', 'nul\\00'],
    ['star*', 'star*'],
  ])('escapes %j as an RFC 4514 attribute value', (value, escaped) => {
    expect(escapeDnValue(value)).toBe(escaped);
  });
});

describe('bindName', () => {
  const dn = 'uid={username},ou=people,dc=lab,dc=test';
  it('fills a DN template with the DN-escaped name', () => {
    expect(bindName(dn, 'alice')).toBe('uid=alice,ou=people,dc=lab,dc=test');
    expect(bindName(dn, 'x,ou=admins')).toBe('uid=x\\,ou\\=admins,ou=people,dc=lab,dc=test');
  });

  it('fills UPN and down-level templates, refusing names that would change their form', () => {
    expect(bindName('{username}@corp.example', 'alice')).toBe('alice@corp.example');
    expect(bindName('CORP\\{username}', 'alice')).toBe('CORP\\alice');
    for (const name of ['a@b', 'a,b', 'a\\b', 'a*', 'a=b', 'a"b']) {
      expect(bindName('{username}@corp.example', name)).toBeNull();
    }
  });

  it('refuses empty names and control characters', () => {
    expect(bindName(dn, '')).toBeNull();
    expect(bindName(dn, 'a\nb')).toBeNull();
    expect(bindName('{username}@corp.example', 'a\u0000')).toBeNull();
  });
});

describe('fillFilter', () => {
  it.each([
    ['alice', '(uid=alice)'],
    ['*', '(uid=\\2a)'],
    [')(uid=*', '(uid=\\29\\28uid=\\2a)'],
    ['back\\slash', '(uid=back\\5cslash)'],
  ])('never splices %j in raw', (name, filter) => {
    expect(fillFilter('(uid={username})', name, escapeFilterValue)).toBe(filter);
  });

  it('fills every placeholder', () => {
    expect(fillFilter('(|(uid={username})(mail={username}))', 'a*', escapeFilterValue)).toBe(
      '(|(uid=a\\2a)(mail=a\\2a))',
    );
  });
});

describe('settings values', () => {
  it('accepts only ldap:// and ldaps:// addresses with a host', () => {
    expect(isDirectoryUrl('ldap://127.0.0.1:389')).toBe(true);
    expect(isDirectoryUrl('ldaps://dc1.corp.example')).toBe(true);
    expect(isDirectoryUrl('http://dc1.corp.example')).toBe(false);
    expect(isDirectoryUrl('ldap://')).toBe(false);
    expect(isDirectoryUrl('dc1.corp.example')).toBe(false);
  });

  it('normalises domains to lower case, sorted, without repeats', () => {
    expect(normaliseDomains([' Lab.Test', 'LAB', 'lab.test', ''])).toEqual(['lab', 'lab.test']);
  });
});
