import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '../../domain/constants';
import type { MessageKey, MessageParams } from '../../domain/i18n';
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
