import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/constants';
import type { MessageKey, MessageParams } from '../../domain/i18n';

/** A translate function typed by the zh-CN catalogue, so a misspelt key fails typecheck. */
export type TypedT = (key: MessageKey, params?: MessageParams) => string;

/** Typed `t` plus the current language; re-renders when the language changes. */
export function useT(): { t: TypedT; language: Language } {
  const { t, i18n } = useTranslation();
  return {
    t: (key, params) => t(key, params ?? {}),
    language: i18n.language === 'en-US' ? 'en-US' : 'zh-CN',
  };
}
