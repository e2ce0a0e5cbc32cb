import { describe, expect, it } from 'vitest';
import { translate } from '../../../domain/i18n';
import { systemDictionary } from '../../../domain/rules/system-dictionary';

describe('systemDictionary', () => {
  const english = (key: Parameters<typeof translate>[1]) => translate('en-US', key);

  it('names every value of a record type, matched ignoring case', () => {
    expect(systemDictionary(english, 'SECONDARYVERIFICATIONMODE')).toEqual([
      { Name: 'Off', Value: 'off', RecordType: 'secondaryVerificationMode' },
      { Name: 'On a new device or address', Value: 'new-device', RecordType: 'secondaryVerificationMode' },
      { Name: 'At every sign-in', Value: 'always', RecordType: 'secondaryVerificationMode' },
    ]);
  });

  it('has a name in both catalogues for every item', () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const items = systemDictionary((key) => translate(language, key)) ?? [];
      expect(items.length).toBe(9);
      for (const item of items) expect(item.Name).not.toMatch(/^orgConfig\./);
    }
  });

  it('knows no other record type', () => {
    expect(systemDictionary(english, 'industry')).toBeNull();
  });
});
