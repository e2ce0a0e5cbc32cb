import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { turnSecurityNoticeOff, writeSecurityNoticeKnown } from '../../../../src/adapters/storage';
import { securityNoticeSettled, useOverlayTurn } from '../../../../src/pages/layout/overlay-turns';
import { signInKey } from '../../../../src/pages/session/account-notices';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { testSession } from '../../test-utils';

describe('useOverlayTurn: one overlay at a time after sign-in', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('holds the tours until the security notice is answered, then shows them one after the other', () => {
    const session = testSession({ IsHomeGuided: false, IsPersonalCenterGuided: false });
    sessionStore.signIn(session);
    const { result, rerender } = renderHook(
      ({ notice, home }) => ({
        notice: useOverlayTurn('securityNotice', notice),
        home: useOverlayTurn('homeTour', home),
        personal: useOverlayTurn('personalCenterTour', true),
      }),
      { initialProps: { notice: true, home: true } },
    );
    expect(result.current).toEqual({ notice: true, home: false, personal: false });

    // 'I know': the notice is answered for this sign-in and goes; the home tour comes, the bubble waits.
    act(() => {
      writeSecurityNoticeKnown(signInKey(session));
      securityNoticeSettled();
    });
    rerender({ notice: false, home: true });
    expect(result.current).toEqual({ notice: false, home: true, personal: false });

    rerender({ notice: false, home: false });
    expect(result.current).toEqual({ notice: false, home: false, personal: true });
  });

  it('waits for a security notice whose code has not loaded yet, and not for one turned off or unreadable', () => {
    const session = testSession({
      AccountInfo: { ...testSession().AccountInfo, ID: 41, Account: 'ann@lab.test' },
    });
    sessionStore.signIn(session);
    const { result, rerender } = renderHook(() => useOverlayTurn('homeTour', true));
    expect(result.current).toBe(false);
    act(() => securityNoticeSettled(signInKey(session)));
    rerender();
    expect(result.current).toBe(true);

    sessionStore.signIn({ ...session, ExpiredTime: session.ExpiredTime + 1 });
    rerender();
    expect(result.current).toBe(false);
    act(() => {
      turnSecurityNoticeOff('ann@lab.test');
      securityNoticeSettled();
    });
    rerender();
    expect(result.current).toBe(true);
  });
});
