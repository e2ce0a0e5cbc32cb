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

describe('the seats refusal (issue 23)', () => {
  it('names the product by its name in the reader’s language, with the seat count in right grammar', () => {
    const params = (seats: number) => ({ product: 'IM', seats, needed: seats + 1 });
    expect(translate('en-US', 'errors.authorize.seatsExceededOne', params(1))).toBe(
      'Instrument Management has 1 seat and this would need 2; nothing was changed',
    );
    expect(translate('en-US', 'errors.authorize.seatsExceeded', params(2))).toBe(
      'Instrument Management has 2 seats and this would need 3; nothing was changed',
    );
    expect(translate('en-US', 'errors.authorize.seatsExceededNone', params(0))).toBe(
      'Instrument Management has no seats; nothing was changed',
    );
    expect(translate('zh-CN', 'errors.authorize.seatsExceededOne', params(1))).toBe(
      '仪器管理 只有 1 个席位，本次授权后需要 2 个，未做任何修改',
    );
    expect(translate('zh-CN', 'errors.memberImport.seatsExceeded', params(1))).toBe(
      '仪器管理 的席位（1 个）已用完',
    );
    expect(translate('en-US', 'errors.memberImport.seatsExceeded', params(1))).toBe(
      'No seat left for Instrument Management (seats: 1)',
    );
  });
});
