import type { Locale } from 'antd-mobile/es/locales/base';
import { useEffect, useState } from 'react';
import type { Language } from '../../domain/constants';

/**
 * antd-mobile's locale for a language. Its built-in default is Chinese, so only English is fetched,
 * and only when chosen.
 */
export function useAntdMobileLocale(language: Language): Locale | undefined {
  const [locale, setLocale] = useState<{ language: Language; value: Locale | undefined }>({
    language: 'zh-CN',
    value: undefined,
  });
  useEffect(() => {
    if (language === 'zh-CN') return;
    let live = true;
    void import('antd-mobile/es/locales/en-US').then((module) => {
      if (live) setLocale({ language, value: module.default });
    });
    return () => {
      live = false;
    };
  }, [language]);
  return locale.language === language ? locale.value : undefined;
}
