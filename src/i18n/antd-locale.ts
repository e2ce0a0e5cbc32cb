import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import type { Language } from '../../domain/constants';

/**
 * antd's locale for a language. English is antd's built-in default, so only Chinese is fetched,
 * and only when chosen (one locale in the bundle at a time).
 */
export function useAntdLocale(language: Language): Locale | undefined {
  const [locale, setLocale] = useState<{ language: Language; value: Locale | undefined }>({
    language: 'en-US',
    value: undefined,
  });
  useEffect(() => {
    if (language === 'en-US') return;
    let live = true;
    void import('antd/locale/zh_CN').then((module) => {
      if (live) setLocale({ language, value: module.default });
    });
    return () => {
      live = false;
    };
  }, [language]);
  return locale.language === language ? locale.value : undefined;
}
