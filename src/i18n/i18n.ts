import type { Dayjs } from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../domain/constants';
import { resolveLanguage } from '../../domain/i18n/resolve-language';
import { writeStoredLanguage } from '../adapters/storage';

type DayjsFactory = (value?: number | string | Date) => Dayjs;

/** One catalogue per chunk: a page loads only the language it shows. */
const CATALOGUES: Record<Language, () => Promise<object>> = {
  'zh-CN': () => import('../../domain/i18n/zh-CN').then((module) => module.catalogue),
  'en-US': () => import('../../domain/i18n/en-US').then((module) => module.catalogue),
};

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
  const loaded = await dayjsLoading;
  await applyDayjsLocale(currentLanguage());
  return loaded.dayjs;
}

/** Switches dayjs's locale if dayjs is in use; English is built in, Chinese is fetched on demand. */
async function applyDayjsLocale(language: Language): Promise<void> {
  if (!dayjsLoading) return;
  const { locale } = await dayjsLoading;
  if (language === 'zh-CN') {
    await import('dayjs/locale/zh-cn');
    locale('zh-cn');
  } else {
    locale('en');
  }
}

async function ensureCatalogue(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await CATALOGUES[language]());
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Starts i18next in the given language with that language's domain catalogue. */
export async function initI18n(language: Language): Promise<void> {
  const translation = await CATALOGUES[language]();
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(language);
}

/** Switches the interface language without a reload; antd / antd-mobile / dayjs locales follow. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureCatalogue(language);
  await applyDayjsLocale(language);
  await i18next.changeLanguage(language);
  writeStoredLanguage(language);
  applyDocumentLanguage(language);
}

/** The interface language now. */
export function currentLanguage(): Language {
  return i18next.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/** Whether the loaded catalogue has a message for a key (both catalogues have the same keys). */
export function hasMessage(key: string): boolean {
  return i18next.exists(key);
}

/** Translates outside React (toasts from the API client). */
export function translateNow(key: string, params?: Record<string, string | number>): string {
  return i18next.t(key, params);
}
