import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CAPTCHA_FAILURES,
  GLOBAL_CAPTCHA_FAILURES,
  IP_CAPTCHA_FAILURES,
  IP_FAILURE_LIMIT,
  IP_LOCK_LIMIT,
} from '../../../domain/constants';
import { signInNeedsCaptcha, signInThrottled } from '../../../domain/rules/sign-in-limits';

const none = { account: 0, ip: 0, ipLocks: 0, global: 0 };

describe('signInNeedsCaptcha', () => {
  it.each([
    ['no failures', none, false],
    ['a name one short', { ...none, account: ACCOUNT_CAPTCHA_FAILURES - 1 }, false],
    ['a name at the threshold', { ...none, account: ACCOUNT_CAPTCHA_FAILURES }, true],
    ['an address one short', { ...none, ip: IP_CAPTCHA_FAILURES - 1 }, false],
    ['an address at the threshold', { ...none, ip: IP_CAPTCHA_FAILURES }, true],
    ['the deployment one short', { ...none, global: GLOBAL_CAPTCHA_FAILURES - 1 }, false],
    ['the deployment over its budget', { ...none, global: GLOBAL_CAPTCHA_FAILURES }, true],
  ])('%s: %s', (_case, counts, expected) => {
    expect(signInNeedsCaptcha(counts)).toBe(expected);
  });

  it('asks for the captcha before an address is stopped, and before a name locks', () => {
    expect(IP_CAPTCHA_FAILURES).toBeLessThan(IP_FAILURE_LIMIT);
    expect(ACCOUNT_CAPTCHA_FAILURES).toBeLessThan(5);
  });
});

describe('signInThrottled', () => {
  it.each([
    ['no failures', none, false],
    ['an address one failure short', { ...none, ip: IP_FAILURE_LIMIT - 1 }, false],
    ['an address at its limit', { ...none, ip: IP_FAILURE_LIMIT }, true],
    ['an address that locked one name fewer than allowed', { ...none, ipLocks: IP_LOCK_LIMIT - 1 }, false],
    ['an address that locked its allowance of names', { ...none, ipLocks: IP_LOCK_LIMIT }, true],
  ])('%s: %s', (_case, counts, expected) => {
    expect(signInThrottled(counts)).toBe(expected);
  });
});
