import type { Dayjs } from 'dayjs';
import type { Language } from '../../domain/constants';
import { findMessage, translateFrom, type MessageParams } from '../../domain/i18n/lookup';
import { resolveLanguage } from '../../domain/i18n/resolve-language';
import { writeStoredLanguage } from '../adapters/storage';

type DayjsFactory = (value?: number | string | Date) => Dayjs;

/** One catalogue per chunk: a page loads only the language it shows. */
const CATALOGUES: Record<Language, () => Promise<object>> = {
  'zh-CN': () => import('../../domain/i18n/zh-CN').then((module) => module.catalogue),
  'en-US': () => import('../../domain/i18n/en-US').then((module) => module.catalogue),
};

/**
 * The interface language and its catalogue: a tiny store over the domain's own translator (the one the
 * server localises its messages with), so the first paint carries no i18n library.
 */
const loaded = new Map<Language, object>();
let language: Language = 'zh-CN';
const listeners = new Set<() => void>();

/**
 * SPEC §1: Chinese when the user's language is zh-CN, otherwise English. An explicit choice on this
 * device wins, then the account's language, then the browser's.
 */
export function pickInitialLanguage(
  stored: Language | null,
  accountLanguage: Language | null,
  browserLanguage: string | null,
): Language {
  return stored ?? accountLanguage ?? resolveLanguage(browserLanguage);
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

async function ensureCatalogue(next: Language): Promise<void> {
  if (!loaded.has(next)) loaded.set(next, await CATALOGUES[next]());
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

/** Translates in a loaded language; an unknown key, or a language not loaded, gives the key back. */
export function translateIn(target: Language, key: string, params?: MessageParams): string {
  return translateFrom(loaded.get(target), key, params);
}

/** Translates in the current language, outside React too (toasts from the API client). */
export function translateNow(key: string, params?: MessageParams): string {
  return translateIn(language, key, params);
}
