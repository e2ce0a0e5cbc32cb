import type { Dayjs } from 'dayjs';
import type { Language } from '../../domain/constants';
import { findMessage, translateFrom, type MessageParams } from '../../domain/i18n/lookup';
import { resolveLanguage } from '../../domain/i18n/resolve-language';
import { readStoredLanguage, writeStoredLanguage } from '../adapters/storage';

type DayjsFactory = (value?: number | string | Date) => Dayjs;

/**
 * What the login page and the shell need, per language: the first paint loads only this, and only for
 * the language it shows, so the catalogue's growth with every administrator screen stays off the login.
 */
const FIRST_PAINT: Record<Language, () => Promise<object>> = {
  'zh-CN': () => import('../../domain/i18n/zh-CN/first-paint').then((module) => module.firstPaintCatalogue),
  'en-US': () => import('../../domain/i18n/en-US/first-paint').then((module) => module.firstPaintCatalogue),
};

/** Every string of a language (it shares the first-paint modules' chunk rather than repeating them). */
const CATALOGUES: Record<Language, () => Promise<object>> = {
  'zh-CN': () => import('../../domain/i18n/zh-CN').then((module) => module.catalogue),
  'en-US': () => import('../../domain/i18n/en-US').then((module) => module.catalogue),
};

/**
 * The interface language and its catalogue: a tiny store over the domain's own translator (the one the
 * server localises its messages with), so the first paint carries no i18n library.
 */
const loaded = new Map<Language, object>();
/** Languages whose whole catalogue is loaded (the others hold the first-paint part). */
const complete = new Set<Language>();
/** Set once a page past the login asked for every string: a language switch then loads all of it. */
let wantComplete = false;
let language: Language = 'zh-CN';
const listeners = new Set<() => void>();

/** What an account says of its language: the language, and whether the member chose it. */
export interface AccountLanguage {
  Lang: Language;
  LangChosen?: boolean;
}

/**
 * SPEC §1: Chinese when the user's language is zh-CN, otherwise English. The language the signed-in member
 * chose wins (on every device); else one picked on this device (the login page's switch); else the browser's.
 */
export function pickInitialLanguage(
  stored: Language | null,
  account: AccountLanguage | null,
  browserLanguage: string | null,
): Language {
  if (account?.LangChosen) return account.Lang;
  return stored ?? resolveLanguage(browserLanguage);
}

/**
 * After a sign-in or a session check: the interface takes the account's language once the member chose
 * one; an account that never chose keeps what this device shows (its pick, or the browser's language).
 */
export async function followAccountLanguage(account: AccountLanguage): Promise<void> {
  if (account.LangChosen && account.Lang !== language) await changeLanguage(account.Lang);
}

/**
 * The language picked on this device's login page (or its user menu), sent with a sign-in so it becomes
 * the account's; undefined when nobody picked one, so the account keeps its own.
 */
export function pickedLanguage(): Language | undefined {
  return readStoredLanguage() ?? undefined;
}

let dayjsLoading: Promise<{ dayjs: DayjsFactory; locale: (name: string) => void }> | null = null;

/** dayjs in the current language, loaded on first use (dates are not on the login page). */
export async function loadDayjs(): Promise<DayjsFactory> {
  dayjsLoading ??= import('dayjs').then(({ default: dayjs }) => ({
    dayjs,
    locale: (name) => dayjs.locale(name),
  }));
  const dayjs = await dayjsLoading;
  await applyDayjsLocale(currentLanguage());
  return dayjs.dayjs;
}

/** Switches dayjs's locale if dayjs is in use; English is built in, Chinese is fetched on demand. */
async function applyDayjsLocale(next: Language): Promise<void> {
  if (!dayjsLoading) return;
  const { locale } = await dayjsLoading;
  if (next === 'zh-CN') {
    await import('dayjs/locale/zh-cn');
    locale('zh-cn');
  } else {
    locale('en');
  }
}

async function ensureCompleteCatalogue(next: Language): Promise<void> {
  if (complete.has(next)) return;
  const catalogue = await CATALOGUES[next]();
  loaded.set(next, catalogue);
  complete.add(next);
}

async function ensureCatalogue(next: Language): Promise<void> {
  if (wantComplete) return ensureCompleteCatalogue(next);
  if (!loaded.has(next)) loaded.set(next, await FIRST_PAINT[next]());
}

let completing: Promise<void> | null = null;

/**
 * Loads every string of the interface language, for the pages past the login (their route loads it beside
 * the page's chunk) and for any key the first-paint part lacks; listeners re-render when it arrives.
 */
export function loadCompleteCatalogue(): Promise<void> {
  wantComplete = true;
  if (complete.has(language)) return Promise.resolve();
  completing ??= (async () => {
    const target = language;
    try {
      await ensureCompleteCatalogue(target);
      if (target === language) apply(target);
    } finally {
      completing = null;
    }
  })();
  return completing;
}

function apply(next: Language): void {
  language = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  listeners.forEach((listener) => listener());
}

/** Starts the interface in the given language with that language's domain catalogue. */
export async function initI18n(initial: Language): Promise<void> {
  await ensureCatalogue(initial);
  apply(initial);
}

/**
 * Switches the interface language without a reload, once its catalogue is loaded (so no key shows
 * untranslated); the choice is remembered on this device. antd / antd-mobile / dayjs locales follow.
 */
export async function changeLanguage(next: Language): Promise<void> {
  await ensureCatalogue(next);
  await applyDayjsLocale(next);
  writeStoredLanguage(next);
  apply(next);
}

/** The interface language now. */
export function currentLanguage(): Language {
  return language;
}

/** Calls `listener` after every language switch; returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the loaded catalogue has a message for a key (both catalogues have the same keys). */
export function hasMessage(key: string): boolean {
  return findMessage(loaded.get(language), key) !== undefined;
}

/**
 * Translates in a loaded language; an unknown key, or a language not loaded, gives the key back. A key the
 * first-paint part lacks fetches the rest (the view re-renders with it), so no key stays untranslated.
 */
export function translateIn(target: Language, key: string, params?: MessageParams): string {
  const catalogue = loaded.get(target);
  if (catalogue && !complete.has(target) && findMessage(catalogue, key) === undefined)
    void loadCompleteCatalogue().catch(() => undefined);
  return translateFrom(catalogue, key, params);
}

/** Translates in the current language, outside React too (toasts from the API client). */
export function translateNow(key: string, params?: MessageParams): string {
  return translateIn(language, key, params);
}
