import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearLoginNotice,
  clearStoredSession,
  hasChunkReloaded,
  markChunkReloaded,
  readLoginNotice,
  readStoredLanguage,
  readStoredSession,
  STORAGE_KEYS,
  writeLoginNotice,
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
