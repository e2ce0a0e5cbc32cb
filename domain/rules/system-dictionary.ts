import { SECONDARY_VERIFICATION_MODES } from '../constants';
import type { MessageKey } from '../i18n';
import type { DictionaryItem } from '../schemas/org-config';
import { ORG_CONFIG_CATEGORIES } from './org-config';

/** The record types of the system dictionary (SPEC §3 dictionary item: name, value, record type). */
export const DICTIONARY_RECORD_TYPES = ['configCategory', 'module', 'secondaryVerificationMode'] as const;
export type DictionaryRecordType = (typeof DICTIONARY_RECORD_TYPES)[number];

/** Each record type's values and the catalogue key of each value's name. */
const ENTRIES: Record<DictionaryRecordType, readonly (readonly [string, MessageKey])[]> = {
  configCategory: ORG_CONFIG_CATEGORIES.map(
    (category) => [category, `orgConfig.categories.${category}`] as const,
  ),
  module: (['reset', 'register', 'appDownload'] as const).map(
    (module) => [module, `orgConfig.dictionary.modules.${module}`] as const,
  ),
  secondaryVerificationMode: SECONDARY_VERIFICATION_MODES.map(
    (mode) => [mode, `orgConfig.options.signInVerification.${mode}`] as const,
  ),
};

/**
 * The system dictionary: every record type's named values (the settings' categories, the modules, the
 * security verification modes) with names in the caller's language, or one record type's (matched
 * ignoring case). Null for an unknown record type.
 */
export function systemDictionary(
  name: (key: MessageKey) => string,
  recordType?: string,
): DictionaryItem[] | null {
  const wanted = recordType
    ? DICTIONARY_RECORD_TYPES.filter((type) => type.toLowerCase() === recordType.toLowerCase())
    : DICTIONARY_RECORD_TYPES;
  if (wanted.length === 0) return null;
  return wanted.flatMap((type) =>
    ENTRIES[type].map(([value, key]) => ({ Name: name(key), Value: value, RecordType: type })),
  );
}
