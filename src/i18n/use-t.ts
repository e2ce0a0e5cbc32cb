import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '../../domain/constants';
import type { MessageKey, MessageParams } from '../../domain/i18n';
import { type DateTimeStyle, formatDateTime } from '../../domain/rules/date-time';
import { browserTimeZone } from '../platforms/browser-language';
import { currentLanguage, onLanguageChange, translateIn } from './i18n';

/** A translate function typed by the zh-CN catalogue, so a misspelt key fails typecheck. */
export type TypedT = (key: MessageKey, params?: MessageParams) => string;

/** Typed `t` plus the current language; re-renders when the language changes. */
export function useT(): { t: TypedT; language: Language } {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
  // a new function per language, so memoised children that take `t` re-render on a switch
  const t = useCallback<TypedT>((key, params) => translateIn(language, key, params), [language]);
  return { t, language };
}

/** Formats a moment (epoch ms) in the interface language and the browser's time zone. */
export type FormatTime = (ms: number, style?: DateTimeStyle) => string;

/**
 * The one way screens show a date or time (domain/rules/date-time.ts): in the interface language and
 * the user's time zone; a new function per language, so a switch re-renders the times.
 */
export function useFormatTime(): FormatTime {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
  return useCallback<FormatTime>(
    (ms, style) => formatDateTime(ms, { language, timeZone: browserTimeZone() }, style),
    [language],
  );
}

/** The same outside React (hooks that format once, toasts). */
export function formatTimeNow(ms: number, style?: DateTimeStyle): string {
  return formatDateTime(ms, { language: currentLanguage(), timeZone: browserTimeZone() }, style);
}
