import type { Language } from '../../domain/constants';
import type { SessionInfo } from '../../domain/schemas/account';
import type { PendingVerification } from '../../domain/schemas/secondary-verification';

/**
 * Every browser-storage key of the client, in one place (SPEC §3 storage keys), but for the two that
 * sign-in inside a chat host keeps in sessionStorage (host-storage.ts: uc.hostBindTicket, uc.hostEntry),
 * which live beside their only readers so that the first paint does not share a chunk with them.
 */
export const STORAGE_KEYS = {
  /** localStorage: the signed-in user's display data (never a secret; the token is an HttpOnly cookie). */
  session: 'uc.session',
  /** localStorage: the interface language last chosen on this device. */
  language: 'uc.language',
  /** sessionStorage: i18n key of a notice to show on the login page (e.g. the forced logout). */
  loginNotice: 'uc.loginNotice',
  /** sessionStorage: set once a chunk-load failure has reloaded the page, so it reloads only once. */
  chunkReloaded: 'uc.chunkReloaded',
  /**
   * sessionStorage: a right password's security verification still to pass (its challenge token and where
   * a code can go), from the login page to /mobileVerify; gone once used. The token works only from the
   * address that signed in, with the code sent to the account.
   */
  pendingVerification: 'uc.pendingVerification',
  /** localStorage: login names that asked the account-security notice never to show again (SPEC §4). */
  securityNoticeNever: 'uc.securityNotice.never',
  /** localStorage: the sign-in whose account-security notice was answered 'I know' (SPEC §4). */
  securityNoticeKnown: 'uc.securityNotice.known',
  /** sessionStorage: the sign-in whose reminder of the coming forced logout was closed. */
  forcedLogoutReminderClosed: 'uc.forcedLogoutReminder.closed',
  /** localStorage: the last action on any tab of this browser (SPEC §3 last action time), for the screen lock. */
  lastActionAt: 'uc.lastActionAt',
  /** sessionStorage: the page the screen lock interrupted, to return to once unlocked. */
  screenLockFrom: 'uc.screenLock.from',
  /** sessionStorage: ids of the announcements closed in this tab (SPEC §4: closing hides it for the session). */
  announcementClosed: 'uc.announcement.closed',
  /**
   * localStorage: the version of the terms and the login names that agreed to it on this device (issue 23):
   * the login page shows the tick ticked for them until the version changes.
   */
  termsAgreed: 'uc.termsAgreed',
  /** localStorage: the page size each table was last shown with, by table name (issue 23). */
  pageSizes: 'uc.pageSizes',
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
const loginNoticeListeners = new Set<() => void>();

export function writeLoginNotice(key: string): void {
  session()?.setItem(STORAGE_KEYS.loginNotice, key);
  loginNoticeListeners.forEach((listener) => listener());
}

/**
 * Calls `listener` whenever a login notice is written: a page's requests can end in 401s after the login
 * page is already showing (the first answer sent it there), and the notice one of them calls for must
 * still reach it. Returns the unsubscribe.
 */
export function onLoginNoticeWritten(listener: () => void): () => void {
  loginNoticeListeners.add(listener);
  return () => loginNoticeListeners.delete(listener);
}

export function readLoginNotice(): string | null {
  return session()?.getItem(STORAGE_KEYS.loginNotice) ?? null;
}

export function clearLoginNotice(): void {
  session()?.removeItem(STORAGE_KEYS.loginNotice);
}

/** How many login names the 'don't remind' list keeps on one device (the most recent). */
const NEVER_LIST_LIMIT = 20;

function readNames(raw: string | null | undefined): string[] {
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether this login name asked on this device never to see the account-security notice again. */
export function isSecurityNoticeOff(loginName: string): boolean {
  return readNames(local()?.getItem(STORAGE_KEYS.securityNoticeNever)).includes(loginName.toLowerCase());
}

/** Remembers 'don't remind me again' for a login name, permanently on this device. */
export function turnSecurityNoticeOff(loginName: string): void {
  const name = loginName.toLowerCase();
  const names = readNames(local()?.getItem(STORAGE_KEYS.securityNoticeNever)).filter((n) => n !== name);
  local()?.setItem(
    STORAGE_KEYS.securityNoticeNever,
    JSON.stringify([...names, name].slice(-NEVER_LIST_LIMIT)),
  );
}

/** The sign-in whose account-security notice was answered 'I know', as `<login name> <session end>`. */
export function readSecurityNoticeKnown(): string | null {
  return local()?.getItem(STORAGE_KEYS.securityNoticeKnown) ?? null;
}

export function writeSecurityNoticeKnown(signIn: string): void {
  local()?.setItem(STORAGE_KEYS.securityNoticeKnown, signIn);
}

/** The sign-in (its session end, epoch ms) whose forced-logout reminder was closed in this tab. */
export function readForcedLogoutReminderClosed(): number | null {
  const value = Number(session()?.getItem(STORAGE_KEYS.forcedLogoutReminderClosed));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function writeForcedLogoutReminderClosed(sessionEnd: number): void {
  session()?.setItem(STORAGE_KEYS.forcedLogoutReminderClosed, String(sessionEnd));
}

/** The ids of the announcements closed in this tab (the banner stays shut for the session). */
export function readClosedAnnouncements(): number[] {
  try {
    const value: unknown = JSON.parse(session()?.getItem(STORAGE_KEYS.announcementClosed) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/** Remembers an announcement closed for the rest of this session (the last 20 kept). */
export function writeClosedAnnouncement(id: number): void {
  const ids = [...readClosedAnnouncements().filter((known) => known !== id), id].slice(-20);
  session()?.setItem(STORAGE_KEYS.announcementClosed, JSON.stringify(ids));
}

/** The security verification a sign-in is waiting for, or null when there is none (or it is unreadable). */
export function readPendingVerification(): PendingVerification['SecondaryVerify'] | null {
  const raw = session()?.getItem(STORAGE_KEYS.pendingVerification);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as PendingVerification['SecondaryVerify'];
    return value && typeof value.Token === 'string' && Array.isArray(value.Channels) ? value : null;
  } catch {
    return null;
  }
}

export function writePendingVerification(pending: PendingVerification['SecondaryVerify']): void {
  session()?.setItem(STORAGE_KEYS.pendingVerification, JSON.stringify(pending));
}

export function clearPendingVerification(): void {
  session()?.removeItem(STORAGE_KEYS.pendingVerification);
}

export function hasChunkReloaded(): boolean {
  return session()?.getItem(STORAGE_KEYS.chunkReloaded) === '1';
}

export function markChunkReloaded(): void {
  session()?.setItem(STORAGE_KEYS.chunkReloaded, '1');
}

/** When anything last happened on any tab of this browser (0 when never written or unreadable). */
export function readLastActionAt(): number {
  const value = Number(local()?.getItem(STORAGE_KEYS.lastActionAt));
  return Number.isFinite(value) ? value : 0;
}

export function writeLastActionAt(at: number): void {
  local()?.setItem(STORAGE_KEYS.lastActionAt, String(at));
}

/** The page the screen lock interrupted, or null. */
export function readScreenLockFrom(): string | null {
  return session()?.getItem(STORAGE_KEYS.screenLockFrom) ?? null;
}

export function writeScreenLockFrom(path: string): void {
  session()?.setItem(STORAGE_KEYS.screenLockFrom, path);
}

export function clearScreenLockFrom(): void {
  session()?.removeItem(STORAGE_KEYS.screenLockFrom);
}

/** The login names that agreed to a version of the terms on this device (none for another version). */
function readTermsAgreed(version: string): string[] {
  try {
    const raw = local()?.getItem(STORAGE_KEYS.termsAgreed);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== 'object' || !('version' in value) || value.version !== version) return [];
    return 'names' in value ? readNames(JSON.stringify(value.names)) : [];
  } catch {
    return [];
  }
}

/** Whether this login name agreed on this device to the terms of this version. */
export function hasAgreedToTerms(version: string, loginName: string): boolean {
  const name = loginName.trim().toLowerCase();
  return name !== '' && readTermsAgreed(version).includes(name);
}

/** Remembers that a login name agreed to this version of the terms on this device (a new version starts afresh). */
export function rememberTermsAgreed(version: string, loginName: string): void {
  const name = loginName.trim().toLowerCase();
  const names = readTermsAgreed(version).filter((n) => n !== name);
  local()?.setItem(
    STORAGE_KEYS.termsAgreed,
    JSON.stringify({ version, names: [...names, name].slice(-NEVER_LIST_LIMIT) }),
  );
}

function readPageSizes(): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(local()?.getItem(STORAGE_KEYS.pageSizes) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The page size a table was last shown with on this device, or null. */
export function readPageSize(table: string): number | null {
  const size = readPageSizes()[table];
  return typeof size === 'number' ? size : null;
}

/** Remembers a table's page size on this device. */
export function writePageSize(table: string, size: number): void {
  local()?.setItem(STORAGE_KEYS.pageSizes, JSON.stringify({ ...readPageSizes(), [table]: size }));
}
