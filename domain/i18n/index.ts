import type { Language } from '../constants';
import type { Catalogue, CatalogueKey } from './catalogue-type';
import { catalogue as enUS } from './en-US';
import { catalogue as zhCN } from './zh-CN';

type ZhCatalogue = typeof zhCN;

/** Both catalogues; English is typed from Chinese so a missing English string fails typecheck. */
export const catalogues: Record<Language, Catalogue<ZhCatalogue>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Every message key, e.g. `errors.login.locked`. */
export type MessageKey = CatalogueKey<ZhCatalogue>;
/** Keys of API failures: the `errors.*` subset. */
export type ErrorKey = Extract<MessageKey, `errors.${string}`>;

export type MessageParams = Record<string, string | number>;

/** Looks a key up in one language, filling `{{name}}` placeholders; an unknown key comes back as itself. */
export function translate(language: Language, key: string, params?: MessageParams): string {
  let node: unknown = catalogues[language];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
}

export { resolveLanguage } from './resolve-language';
