import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import { clearLoginNotice, readLoginNotice } from '../../../../src/adapters/storage';
import { handleUnauthorized, signedOutNotice } from '../../../../src/pages/session/session-events';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { testSession } from '../../test-utils';

describe('signedOutNotice', () => {
  const end = 1_000_000;
  it.each([
    ['errors.auth.forcedLogout', null, 0, 'errors.auth.forcedLogout'],
    ['errors.login.locked', end, 0, 'errors.login.locked'],
    // the cookie of an auto-login session expires at the 5-day end, so the server sees no session at all
    ['errors.auth.required', end, end, 'errors.auth.forcedLogout'],
    ['errors.auth.sessionExpired', end, end + 1, 'errors.auth.forcedLogout'],
    ['errors.auth.required', end, end - 1, null],
    ['errors.auth.sessionExpired', end, end - 1, null],
    ['errors.auth.required', null, end, null],
    ['errors.request.internal', end, end + 1, null],
  ] as const)('%s with the session ending at %s, at %s -> %s', (key, sessionEnd, now, notice) => {
    expect(signedOutNotice(key, sessionEnd, now)).toBe(notice);
  });
});

describe('handleUnauthorized', () => {
  beforeEach(() => {
    clearLoginNotice();
    window.location.hash = '#/cardModeIndex';
  });

  it('tells the login page about the forced logout when the session is gone after its 5-day end', () => {
    sessionStore.signIn(testSession({ ExpiredTime: Date.now() - 1 }));
    handleUnauthorized(new ApiError(401, 'errors.auth.required', 'Please sign in first.'));
    expect(sessionStore.get().session).toBeNull();
    expect(readLoginNotice()).toBe('errors.auth.forcedLogout');
    expect(window.location.hash).toBe('#/login');
  });

  it('leaves no notice for a session that simply expired before its end', () => {
    sessionStore.signIn(testSession({ ExpiredTime: Date.now() + 3_600_000 }));
    handleUnauthorized(new ApiError(401, 'errors.auth.sessionExpired', 'Expired'));
    expect(readLoginNotice()).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });
});
