import { beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../domain/i18n';
import { readStoredLanguage } from '../../../src/adapters/storage';
import {
  changeLanguage,
  currentLanguage,
  hasMessage,
  initI18n,
  onLanguageChange,
  pickInitialLanguage,
  translateIn,
  translateNow,
} from '../../../src/i18n/i18n';

describe('pickInitialLanguage', () => {
  const chosen = (Lang: 'zh-CN' | 'en-US') => ({ Lang, LangChosen: true });
  const notChosen = (Lang: 'zh-CN' | 'en-US') => ({ Lang, LangChosen: false });
  it.each([
    ['the language the signed-in member chose first', 'en-US', chosen('zh-CN'), 'en-US', 'zh-CN'],
    ['then the choice made on this device', 'en-US', notChosen('zh-CN'), 'zh-CN', 'en-US'],
    [
      "then the browser's, whatever the account's unchosen language",
      null,
      notChosen('zh-CN'),
      'en-US',
      'en-US',
    ],
    ["the browser's when nobody is signed in", null, null, 'zh-CN,zh;q=0.9', 'zh-CN'],
    ['and English for any other browser language', null, null, 'fr-FR', 'en-US'],
  ] as const)('takes %s', (_case, stored, account, browser, expected) => {
    expect(pickInitialLanguage(stored, account, browser)).toBe(expected);
  });
});

describe('the interface language', () => {
  beforeAll(async () => {
    await initI18n('zh-CN');
  });

  it('starts in the given language with its catalogue and marks the document', () => {
    expect(currentLanguage()).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(translateNow('login.submit')).toBe(catalogues['zh-CN'].login.submit);
  });

  it('fills placeholders and gives an unknown key back as itself', () => {
    expect(translateNow('errors.validation.tooLong', { max: 50 })).toBe('不能超过 50 个字符');
    expect(translateNow('no.such.key')).toBe('no.such.key');
    expect(hasMessage('errors.login.locked')).toBe(true);
    expect(hasMessage('errors.no.such')).toBe(false);
  });

  it('switches after loading the new catalogue, tells listeners and remembers it on this device', async () => {
    const listener = vi.fn(() => translateNow('login.submit'));
    const unsubscribe = onLanguageChange(listener);
    await changeLanguage('en-US');
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    // listeners already read the new language's strings
    expect(listener.mock.results[0].value).toBe('Sign in');
    expect(currentLanguage()).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(readStoredLanguage()).toBe('en-US');
    expect(translateIn('zh-CN', 'login.submit')).toBe('登录');
  });

  it('stops telling a listener once it unsubscribes', async () => {
    const listener = vi.fn();
    onLanguageChange(listener)();
    await changeLanguage('zh-CN');
    expect(listener).not.toHaveBeenCalled();
  });
});
