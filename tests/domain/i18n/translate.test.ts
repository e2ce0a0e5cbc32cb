import { describe, expect, it } from 'vitest';
import { catalogues, resolveLanguage, translate } from '../../../domain/i18n';

function leafKeys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leafKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe('catalogues', () => {
  it('have the same keys in Chinese and English', () => {
    expect(leafKeys(catalogues['en-US']).sort()).toEqual(leafKeys(catalogues['zh-CN']).sort());
  });

  it('have no empty strings and the same placeholders in both languages', () => {
    for (const key of leafKeys(catalogues['zh-CN'])) {
      const zh = translate('zh-CN', key);
      const en = translate('en-US', key);
      expect(zh.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
      expect(placeholders(en), key).toEqual(placeholders(zh));
    }
  });
});

describe('translate', () => {
  it('fills placeholders and leaves unknown keys as they are', () => {
    expect(translate('en-US', 'validation.tooLong')).toBe('validation.tooLong');
    expect(translate('en-US', 'errors.validation.tooLong', { max: 50 })).toBe("Can't exceed 50 letters");
    expect(translate('zh-CN', 'errors.validation.tooLong', { max: 50 })).toBe('不能超过 50 个字符');
  });
});

describe('resolveLanguage', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en-US,en;q=0.9', 'en-US'],
    ['fr-FR', 'en-US'],
    ['zh-TW', 'en-US'],
    ['', 'zh-CN'],
    [null, 'zh-CN'],
  ])('%s -> %s', (input, expected) => {
    expect(resolveLanguage(input)).toBe(expected);
  });
});
