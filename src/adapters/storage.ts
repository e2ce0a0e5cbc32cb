import type { Language } from '../../domain/constants';
import type { SessionInfo } from '../../domain/schemas/account';

/** Every browser-storage key of the client, in one place (SPEC §3 storage keys). */
export const STORAGE_KEYS = {
  /** localStorage: the signed-in user's display data (never a secret; the token is an HttpOnly cookie). */
  session: 'uc.session',
  /** localStorage: the interface language last chosen on this device. */
  language: 'uc.language',
  /** sessionStorage: i18n key of a notice to show on the login page (e.g. the forced logout). */
  loginNotice: 'uc.loginNotice',
  /** sessionStorage: set once a chunk-load failure has reloaded the page, so it reloads only once. */
  chunkReloaded: 'uc.chunkReloaded',
} as const;

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The stored session display data, or null when absent or unreadable. */
export function readStoredSession(): SessionInfo | null {
  const raw = local()?.getItem(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as SessionInfo;
    return value && typeof value === 'object' && value.AccountInfo ? value : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(info: SessionInfo): void {
  local()?.setItem(STORAGE_KEYS.session, JSON.stringify(info));
}

export function clearStoredSession(): void {
  local()?.removeItem(STORAGE_KEYS.session);
}

export function readStoredLanguage(): Language | null {
  const value = local()?.getItem(STORAGE_KEYS.language);
  return value === 'zh-CN' || value === 'en-US' ? value : null;
}

export function writeStoredLanguage(language: Language): void {
  local()?.setItem(STORAGE_KEYS.language, language);
}

/** Remembers a notice key for the next login page view (this tab only). */
export function writeLoginNotice(key: string): void {
  session()?.setItem(STORAGE_KEYS.loginNotice, key);
}

export function readLoginNotice(): string | null {
  return session()?.getItem(STORAGE_KEYS.loginNotice) ?? null;
}

export function clearLoginNotice(): void {
  session()?.removeItem(STORAGE_KEYS.loginNotice);
}

export function hasChunkReloaded(): boolean {
  return session()?.getItem(STORAGE_KEYS.chunkReloaded) === '1';
}

export function markChunkReloaded(): void {
  session()?.setItem(STORAGE_KEYS.chunkReloaded, '1');
}
