import { MINUTE_MS } from '../constants';

/** Activity is written down at most this often (a mouse move fires many events a second). */
export const ACTIVITY_WRITE_INTERVAL_MS = 5_000;
/** How often an open page checks whether the idle time has passed. */
export const IDLE_CHECK_INTERVAL_MS = 10_000;

/**
 * Whether the screen should lock now: a lock time is configured (0 never locks), the session can be
 * unlocked with a password (a domain account (LoginType 1) or a trial sign-in has none the portal checks),
 * and nothing has happened for that long since the last action (on any tab of this browser).
 */
export function shouldLockScreen(input: {
  idleMinutes: number;
  lastActionAt: number;
  now: number;
  loginType: number;
  loginMode: string;
}): boolean {
  if (input.idleMinutes <= 0) return false;
  if (!screenLockApplies(input.loginType, input.loginMode)) return false;
  return input.now - input.lastActionAt >= input.idleMinutes * MINUTE_MS;
}

/** Whether a session of this login type and mode can be locked (and unlocked by its portal password). */
export function screenLockApplies(loginType: number, loginMode: string): boolean {
  return loginType !== 1 && loginMode !== 'trial';
}
