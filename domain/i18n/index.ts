import type { Language } from '../constants';
import type { Catalogue, CatalogueKey } from './catalogue-type';
import { catalogue as enUS } from './en-US';
import { translateFrom, type MessageParams } from './lookup';
import { catalogue as zhCN } from './zh-CN';

type ZhCatalogue = typeof zhCN;

/** Both catalogues; English is typed from Chinese so a missing English string fails typecheck. */
export const catalogues: Record<Language, Catalogue<ZhCatalogue>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Every message key, e.g. `errors.login.locked`. */
export type MessageKey = CatalogueKey<ZhCatalogue>;
/** Keys of API failures: the `errors.*` subset. */
export type ErrorKey = Extract<MessageKey, `errors.${string}`>;

export type { MessageParams };

/** Looks a key up in one language, filling `{{name}}` placeholders; an unknown key comes back as itself. */
export function translate(language: Language, key: string, params?: MessageParams): string {
  return translateFrom(catalogues[language], key, params);
}

export { resolveLanguage } from './resolve-language';
