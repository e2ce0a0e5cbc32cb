import { AUTO_LOGIN_MS, FORCED_LOGOUT_MS } from '../constants';

export interface SessionTimes {
  createdAt: number;
  lastSeenAt: number;
  autoLogin: boolean;
  revokedAt: number | null;
}

export type SessionState = 'active' | 'revoked' | 'forcedLogout' | 'idleExpired';

/**
 * Decides whether a session may still be used. Every session ends FORCED_LOGOUT_MS after sign-in;
 * an auto-login session also ends after AUTO_LOGIN_MS without activity; a browser-session cookie ends
 * with the browser, and the same idle limit guards a token copied out of it.
 */
export function sessionState(session: SessionTimes, nowMs: number): SessionState {
  if (session.revokedAt !== null) return 'revoked';
  if (nowMs >= session.createdAt + FORCED_LOGOUT_MS) return 'forcedLogout';
  if (nowMs >= session.lastSeenAt + AUTO_LOGIN_MS) return 'idleExpired';
  return 'active';
}

/** The absolute end of a session: the forced logout. */
export function sessionHardExpiry(createdAt: number): number {
  return createdAt + FORCED_LOGOUT_MS;
}

/** Max-Age in seconds of an auto-login cookie issued now, never beyond the forced logout. */
export function autoLoginCookieMaxAge(createdAt: number, nowMs: number): number {
  const untilHardExpiry = sessionHardExpiry(createdAt) - nowMs;
  return Math.max(0, Math.floor(Math.min(AUTO_LOGIN_MS, untilHardExpiry) / 1000));
}
