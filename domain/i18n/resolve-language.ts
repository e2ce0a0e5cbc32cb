import type { Language } from '../constants';

/**
 * SPEC §1: Chinese when the user's language is zh-CN, otherwise English. Kept apart from the catalogues
 * so the client can call it without loading both languages' strings.
 */
export function resolveLanguage(requested: string | null | undefined): Language {
  if (!requested) return 'zh-CN';
  // A stored language is one of the two exactly: answered without taking the text apart.
  if (requested === 'zh-CN' || requested === 'en-US') return requested;
  const first = requested.split(',')[0].trim().toLowerCase();
  if (first === 'zh-cn' || first === 'zh' || first.startsWith('zh-hans')) return 'zh-CN';
  return 'en-US';
}
