import {
  ACCOUNT_CAPTCHA_FAILURES,
  GLOBAL_CAPTCHA_FAILURES,
  IP_CAPTCHA_FAILURES,
  IP_FAILURE_LIMIT,
  IP_LOCK_LIMIT,
} from '../constants';

/** Failed sign-ins within the current window, as the sign-in limits read them. */
export interface SignInFailureCounts {
  /** Failures of the account name typed (known or not). */
  account: number;
  /** Failures from the address the attempt comes from. */
  ip: number;
  /** Names that address has locked. */
  ipLocks: number;
  /** Failures across the whole deployment. */
  global: number;
}

/**
 * Whether the address must wait before it may try again: too many failures, or too many names locked
 * (so one address cannot lock out more than IP_LOCK_LIMIT accounts, whatever the lock threshold).
 */
export function signInThrottled(counts: Pick<SignInFailureCounts, 'ip' | 'ipLocks'>): boolean {
  return counts.ip >= IP_FAILURE_LIMIT || counts.ipLocks >= IP_LOCK_LIMIT;
}

/**
 * Whether an attempt needs the image captcha: the name, the address or the deployment has had enough
 * failures in the window. It depends on counts only, never on whether the account exists.
 */
export function signInNeedsCaptcha(counts: Omit<SignInFailureCounts, 'ipLocks'>): boolean {
  return (
    counts.account >= ACCOUNT_CAPTCHA_FAILURES ||
    counts.ip >= IP_CAPTCHA_FAILURES ||
    counts.global >= GLOBAL_CAPTCHA_FAILURES
  );
}
