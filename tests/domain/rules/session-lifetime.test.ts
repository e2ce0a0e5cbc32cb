import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../domain/constants';
import { autoLoginCookieMaxAge, sessionState } from '../../../domain/rules/session-lifetime';

const createdAt = 1_800_000_000_000;
const base = { createdAt, lastSeenAt: createdAt, autoLogin: true, revokedAt: null };

describe('sessionState', () => {
  it.each([
    ['fresh', base, createdAt + 1, 'active'],
    ['revoked', { ...base, revokedAt: createdAt + 1 }, createdAt + 2, 'revoked'],
    [
      'active 4.9 days after sign-in',
      { ...base, lastSeenAt: createdAt + 4.8 * DAY_MS },
      createdAt + 4.9 * DAY_MS,
      'active',
    ],
    [
      'exactly 5 days after sign-in',
      { ...base, lastSeenAt: createdAt + 4.9 * DAY_MS },
      createdAt + 5 * DAY_MS,
      'forcedLogout',
    ],
    ['idle just under a day', base, createdAt + DAY_MS - 1, 'active'],
    ['idle a full day', base, createdAt + DAY_MS, 'idleExpired'],
  ] as const)('%s', (_name, session, now, expected) => {
    expect(sessionState(session, now)).toBe(expected);
  });
});

describe('autoLoginCookieMaxAge', () => {
  it.each([
    ['at sign-in', createdAt, 86400],
    ['4 days in', createdAt + 4 * DAY_MS, 86400],
    ['4 days 20 hours in', createdAt + 4 * DAY_MS + 20 * HOUR_MS, 4 * 3600],
    ['past the forced logout', createdAt + 6 * DAY_MS, 0],
  ])('%s', (_name, now, expected) => {
    expect(autoLoginCookieMaxAge(createdAt, now)).toBe(expected);
  });
});
