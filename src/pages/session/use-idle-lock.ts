import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { FORCED_LOGOUT_MS } from '../../../domain/constants';
import {
  ACTIVITY_WRITE_INTERVAL_MS,
  IDLE_CHECK_INTERVAL_MS,
  screenLockApplies,
  shouldLockScreen,
} from '../../../domain/rules/screen-lock';
import { getClientConfig } from '../../adapters/config-api';
import { lockScreen } from '../../adapters/screen-lock-api';
import { readLastActionAt, writeLastActionAt, writeScreenLockFrom } from '../../adapters/storage';
import { PATHS } from '../paths';
import { lockIdleMinutesInForce } from './modules-in-force';
import { sessionStore, useSession } from './use-session';

/** What counts as someone being there. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Locks the screen (SPEC §2 /lock) once nobody has done anything on any tab of this browser for the idle
 * time in force (the shorter of the deployment's SCREEN_LOCK_IDLE_MINUTES and the organisation's, System
 * settings > General; 0 = never): the server marks the session locked, so a
 * reload or another tab stays locked, and the guard shows /lock. The last action time is kept in
 * localStorage (SPEC §3), shared by the tabs; a new sign-in starts it afresh.
 */
export function useIdleLock(): void {
  const { session } = useSession();
  const { pathname } = useLocation();
  const idleMinutes = lockIdleMinutesInForce(getClientConfig().screenLockIdleMinutes ?? 0, session);
  const active =
    session !== null &&
    !session.Locked &&
    !session.PwdInfo.MustChange &&
    idleMinutes > 0 &&
    screenLockApplies(session.LoginType, session.LoginMode);
  const signedInAt = session ? session.ExpiredTime - FORCED_LOGOUT_MS : 0;

  useEffect(() => {
    if (!active) return undefined;
    // Activity of a sign-in before this one does not count.
    if (readLastActionAt() < signedInAt) writeLastActionAt(Date.now());
    let written = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - written < ACTIVITY_WRITE_INTERVAL_MS) return;
      written = now;
      writeLastActionAt(now);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    const check = () => {
      const current = sessionStore.get().session;
      if (!current || current.Locked) return;
      const due = shouldLockScreen({
        idleMinutes,
        lastActionAt: readLastActionAt(),
        now: Date.now(),
        loginType: current.LoginType,
        loginMode: current.LoginMode,
      });
      if (!due) return;
      const from = window.location.hash.replace(/^#/, '') || PATHS.home;
      if (from !== PATHS.lock) writeScreenLockFrom(from);
      // Locked here at once; the server's lock follows (and a reload asks the server again).
      sessionStore.update({ Locked: true });
      void lockScreen().catch(() => undefined);
    };
    check();
    const timer = window.setInterval(check, IDLE_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [active, idleMinutes, signedInAt, pathname]);
}
