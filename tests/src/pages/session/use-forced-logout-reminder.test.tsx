import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../../../domain/constants';
import { readLoginNotice } from '../../../../src/adapters/storage';
import { formatTimeNow } from '../../../../src/i18n/use-t';
import { useForcedLogoutReminder } from '../../../../src/pages/session/use-forced-logout-reminder';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession } from '../../test-utils';

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/cardModeIndex">{children}</Providers>
);

describe('useForcedLogoutReminder', () => {
  const start = new Date(2026, 10, 23, 9, 0).getTime();

  beforeEach(() => {
    vi.useFakeTimers({ now: start });
    sessionStorage.clear();
    window.location.hash = '#/cardModeIndex';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const signInEndingIn = (ms: number) =>
    act(() => sessionStore.signIn(testSession({ ExpiredTime: start + ms })));

  it('stays quiet until the last hour, then says when the session ends', () => {
    signInEndingIn(2 * HOUR_MS);
    const { result } = renderHook(() => useForcedLogoutReminder(), { wrapper });
    expect(result.current.visible).toBe(false);
    act(() => vi.advanceTimersByTime(HOUR_MS - MINUTE_MS));
    expect(result.current.visible).toBe(false);
    act(() => vi.advanceTimersByTime(MINUTE_MS));
    expect(result.current.visible).toBe(true);
    expect(result.current.endsAt).toBe(formatTimeNow(start + 2 * HOUR_MS));
    expect(result.current.endsAt).toBe('2026-11-23 11:00');
  });

  it('stays closed for this sign-in once closed, also after a reload', () => {
    signInEndingIn(30 * MINUTE_MS);
    const first = renderHook(() => useForcedLogoutReminder(), { wrapper });
    expect(first.result.current.visible).toBe(true);
    act(() => first.result.current.close());
    expect(first.result.current.visible).toBe(false);
    first.unmount();
    const reloaded = renderHook(() => useForcedLogoutReminder(), { wrapper });
    expect(reloaded.result.current.visible).toBe(false);
    reloaded.unmount();
    signInEndingIn(40 * MINUTE_MS);
    const next = renderHook(() => useForcedLogoutReminder(), { wrapper });
    expect(next.result.current.visible).toBe(true);
  });

  it('signs the user out to the login page with the forced-logout notice at the end', () => {
    signInEndingIn(10 * MINUTE_MS);
    renderHook(() => useForcedLogoutReminder(), { wrapper });
    act(() => vi.advanceTimersByTime(10 * MINUTE_MS));
    expect(sessionStore.get().session).toBeNull();
    expect(readLoginNotice()).toBe('errors.auth.forcedLogout');
    expect(window.location.hash).toBe('#/login');
  });
});
