import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearLoginNotice,
  clearStoredSession,
  hasChunkReloaded,
  isSecurityNoticeOff,
  markChunkReloaded,
  readForcedLogoutReminderClosed,
  readLoginNotice,
  readSecurityNoticeKnown,
  readStoredLanguage,
  readStoredSession,
  STORAGE_KEYS,
  turnSecurityNoticeOff,
  writeForcedLogoutReminderClosed,
  writeLoginNotice,
  writeSecurityNoticeKnown,
  writeStoredLanguage,
  writeStoredSession,
} from '../../../src/adapters/storage';
import { testSession } from '../test-utils';

describe('storage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps the session display data on the device until cleared', () => {
    const session = testSession();
    writeStoredSession(session);
    expect(readStoredSession()).toEqual(session);
    clearStoredSession();
    expect(readStoredSession()).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON without an account', '{"OrgName":"x"}'],
    ['JSON null', 'null'],
  ])('reads a stored session that is %s as none', (_case, raw) => {
    localStorage.setItem(STORAGE_KEYS.session, raw);
    expect(readStoredSession()).toBeNull();
  });

  it('keeps the language chosen on this device, and ignores one it does not support', () => {
    expect(readStoredLanguage()).toBeNull();
    writeStoredLanguage('en-US');
    expect(readStoredLanguage()).toBe('en-US');
    localStorage.setItem(STORAGE_KEYS.language, 'fr-FR');
    expect(readStoredLanguage()).toBeNull();
  });

  it('keeps a login notice for this tab only, until it is shown', () => {
    writeLoginNotice('errors.auth.forcedLogout');
    expect(sessionStorage.getItem(STORAGE_KEYS.loginNotice)).toBe('errors.auth.forcedLogout');
    expect(localStorage.getItem(STORAGE_KEYS.loginNotice)).toBeNull();
    expect(readLoginNotice()).toBe('errors.auth.forcedLogout');
    clearLoginNotice();
    expect(readLoginNotice()).toBeNull();
  });

  it('remembers for this tab that a failed chunk already reloaded the page', () => {
    expect(hasChunkReloaded()).toBe(false);
    markChunkReloaded();
    expect(hasChunkReloaded()).toBe(true);
  });

  it('degrades to nothing stored when the browser refuses storage (private mode, sandboxed frame)', () => {
    const refuse = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(refuse);
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(refuse);
    expect(() => writeStoredSession(testSession())).not.toThrow();
    expect(readStoredSession()).toBeNull();
    expect(() => writeStoredLanguage('en-US')).not.toThrow();
    expect(readStoredLanguage()).toBeNull();
    expect(() => markChunkReloaded()).not.toThrow();
    expect(hasChunkReloaded()).toBe(false);
  });
});

describe('account-notice choices', () => {
  afterEach(() => localStorage.clear());

  it("keeps 'don't remind' per login name, any case, for the most recent 20 names", () => {
    expect(isSecurityNoticeOff('Ada@Demo.test')).toBe(false);
    turnSecurityNoticeOff('Ada@Demo.test');
    expect(isSecurityNoticeOff('ada@demo.test')).toBe(true);
    expect(isSecurityNoticeOff('bob@demo.test')).toBe(false);
    for (let i = 0; i < 20; i += 1) turnSecurityNoticeOff(`user${i}@demo.test`);
    expect(isSecurityNoticeOff('ada@demo.test')).toBe(false);
    expect(isSecurityNoticeOff('user19@demo.test')).toBe(true);
  });

  it("reads a damaged 'don't remind' list as empty", () => {
    localStorage.setItem(STORAGE_KEYS.securityNoticeNever, '{not json');
    expect(isSecurityNoticeOff('ada@demo.test')).toBe(false);
  });

  it("remembers the sign-in answered 'I know' and the closed logout reminder", () => {
    writeSecurityNoticeKnown('ada@demo.test 123');
    expect(readSecurityNoticeKnown()).toBe('ada@demo.test 123');
    expect(readForcedLogoutReminderClosed()).toBeNull();
    writeForcedLogoutReminderClosed(456);
    expect(readForcedLogoutReminderClosed()).toBe(456);
  });
});
