import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../domain/constants';
import { screenLockApplies, shouldLockScreen } from '../../../domain/rules/screen-lock';

describe('shouldLockScreen', () => {
  const base = { idleMinutes: 15, lastActionAt: 0, now: 15 * MINUTE_MS, loginType: 0, loginMode: 'normal' };
  it.each([
    ['locks once the idle time has passed since the last action', base, true],
    ['waits until then', { ...base, now: 15 * MINUTE_MS - 1 }, false],
    ['never locks with an idle time of 0', { ...base, idleMinutes: 0 }, false],
    ['never locks a domain account (no portal password)', { ...base, loginType: 1 }, false],
    ['never locks a trial sign-in', { ...base, loginMode: 'trial' }, false],
  ])('%s', (_name, given, expected) => {
    expect(shouldLockScreen(given)).toBe(expected);
  });

  it('applies to password and chat-host sign-ins', () => {
    expect(screenLockApplies(0, 'normal')).toBe(true);
    expect(screenLockApplies(2, 'normal')).toBe(true);
  });
});
