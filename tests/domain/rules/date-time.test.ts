import { describe, expect, it } from 'vitest';
import { formatDateTime, isKnownTimeZone } from '../../../domain/rules/date-time';

// 2026-11-28T12:13:49.531Z, and a moment that is another day in Shanghai than in UTC.
const NOON = Date.UTC(2026, 10, 28, 12, 13, 49, 531);
const LATE = Date.UTC(2026, 10, 28, 20, 5, 7);

describe('formatDateTime', () => {
  it.each([
    ['zh-CN', 'UTC', NOON, 'minute', '2026-11-28 12:13'],
    ['zh-CN', 'UTC', NOON, 'second', '2026-11-28 12:13:49'],
    ['zh-CN', 'UTC', NOON, 'date', '2026-11-28'],
    ['zh-CN', 'UTC', NOON, 'time', '12:13'],
    ['en-US', 'UTC', NOON, 'minute', 'Nov 28, 2026 12:13'],
    ['en-US', 'UTC', NOON, 'second', 'Nov 28, 2026 12:13:49'],
    ['en-US', 'UTC', NOON, 'date', 'Nov 28, 2026'],
    ['en-US', 'UTC', NOON, 'time', '12:13'],
    ['zh-CN', 'Asia/Shanghai', LATE, 'minute', '2026-11-29 04:05'],
    ['en-US', 'Asia/Shanghai', LATE, 'second', 'Nov 29, 2026 04:05:07'],
    ['en-US', 'America/New_York', LATE, 'minute', 'Nov 28, 2026 15:05'],
    ['zh-CN', 'Asia/Shanghai', Date.UTC(2026, 0, 1, 16, 0), 'minute', '2026-01-02 00:00'],
  ] as const)('%s in %s: %s as %s reads %s', (language, timeZone, ms, style, expected) => {
    expect(formatDateTime(ms, { language, timeZone }, style)).toBe(expected);
  });

  it('shows minutes unless told otherwise', () => {
    expect(formatDateTime(NOON, { language: 'zh-CN', timeZone: 'UTC' })).toBe('2026-11-28 12:13');
  });

  it('refuses a zone the runtime does not know', () => {
    expect(isKnownTimeZone('Asia/Shanghai')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(() => formatDateTime(NOON, { language: 'en-US', timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
