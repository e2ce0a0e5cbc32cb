import type { Language } from '../../domain/constants';
import {
  catalogues,
  type MessageKey,
  type MessageParams,
  translate as translateAnyKey,
} from '../../domain/i18n';
import { findMessage } from '../../domain/i18n/lookup';

/**
 * The server's translate: only a key of the catalogue typechecks, so a mistyped or removed key fails the
 * build instead of reaching a user as the raw key.
 */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  return translateAnyKey(language, key, params);
}

/**
 * Whether a key built at run time (from a stored code, say) is in the catalogue; both languages hold the
 * same keys, as the catalogue types require.
 */
export function isMessageKey(key: string): key is MessageKey {
  return findMessage(catalogues['zh-CN'], key) !== undefined;
}

/**
 * For a key made at run time (from a stored product or menu code, a stored reason, a schema's message):
 * its message when the catalogue has it, else the key itself, as the catalogue lookup answers an unknown key.
 */
export function translateIfKnown(language: Language, key: string, params?: MessageParams): string {
  return isMessageKey(key) ? translate(language, key, params) : key;
}
