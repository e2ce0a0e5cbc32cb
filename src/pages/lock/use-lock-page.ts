import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ErrorKey, MessageParams } from '../../../domain/i18n';
import { logout } from '../../adapters/account-api';
import { ApiError } from '../../adapters/api-client';
import { assignLocation } from '../../adapters/browser-window';
import { lockScreen, unlockScreen } from '../../adapters/screen-lock-api';
import { clearScreenLockFrom, readScreenLockFrom, writeLastActionAt } from '../../adapters/storage';
import { homePath, PATHS } from '../paths';
import { sessionStore, useSession } from '../session/use-session';

/** A problem the lock screen shows under the password: its key and the words' parameters. */
export interface LockProblem {
  key: ErrorKey;
  params?: MessageParams;
}

/**
 * The lock screen (/lock) for both shells: who is signed in, the password that unlocks (checked by the
 * server with the sign-in's failure counting) or, for an SSO sign-in, the identity provider, and sign-out. Opening /lock on an unlocked session locks it.
 * Unlocked, it returns to the page the lock interrupted.
 */
export function useLockPage() {
  const navigate = useNavigate();
  const { session } = useSession();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<LockProblem | null>(null);
  const [busy, setBusy] = useState<'unlock' | 'signOut' | null>(null);
  const locked = session?.Locked ?? false;
  /** Set once the password unlocked: the page is on its way out and must not lock again. */
  const unlocked = useRef(false);

  useEffect(() => {
    if (session && !locked && !unlocked.current) {
      sessionStore.update({ Locked: true });
      void lockScreen().catch(() => undefined);
    }
  }, [session, locked]);

  const unlock = async (): Promise<void> => {
    if (password === '') return setProblem({ key: 'errors.screenLock.passwordRequired' });
    setBusy('unlock');
    setProblem(null);
    try {
      await unlockScreen(password);
      writeLastActionAt(Date.now());
      unlocked.current = true;
      const back = readScreenLockFrom();
      clearScreenLockFrom();
      sessionStore.update({ Locked: false });
      navigate(back && back !== PATHS.lock ? back : homePath(session?.UIVersion), { replace: true });
    } catch (error) {
      // A 401 (the account locked by too many wrong passwords) has already signed out to the login page.
      if (error instanceof ApiError && error.status !== 401) {
        setProblem({ key: error.key, params: error.params });
      }
    } finally {
      setBusy(null);
      setPassword('');
    }
  };

  /**
   * A session an SSO sign-in started has no password to type: the identity provider unlocks it (the same
   * identity must come back; the portal then lands on /sso, which goes home).
   */
  const unlockWithSso = (): void => {
    setBusy('unlock');
    writeLastActionAt(Date.now());
    assignLocation('/api/sso/unlock');
  };

  const signOut = async (): Promise<void> => {
    setBusy('signOut');
    try {
      await logout();
    } catch {
      // the session is gone either way; leave the user signed out locally
    }
    clearScreenLockFrom();
    sessionStore.clear();
    navigate(PATHS.login, { replace: true });
  };

  return {
    name: session?.AccountInfo.RealName || session?.AccountInfo.Account || '',
    account: session?.AccountInfo.Account ?? '',
    photo: session?.AccountInfo.Photo ?? '',
    password,
    setPassword: (value: string) => {
      setPassword(value);
      setProblem(null);
    },
    problem,
    busy,
    unlock,
    /** Signed in through SSO: unlock through the identity provider instead of a password. */
    sso: session?.LoginMode === 'sso',
    unlockWithSso,
    signOut,
  };
}

export type LockPage = ReturnType<typeof useLockPage>;
