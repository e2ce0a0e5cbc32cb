import enUS from 'antd/es/locale/en_US';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import type { Language } from '../../domain/constants';

/** antd's Chinese locale once fetched: later pages get it on their first render. */
let zhCN: Locale | null = null;

/**
 * antd's locale for a language. English ships with antd's ConfigProvider; Chinese is fetched when first
 * chosen. Always a locale object: antd's ConfigProvider wraps its children in a locale provider only when
 * it has a locale, so switching between a locale and none would remount every page below it (and lose
 * what the user typed). While Chinese loads, the previous locale stays.
 */
export function useAntdLocale(language: Language): Locale {
  const [loaded, setLoaded] = useState<Locale | null>(zhCN);
  useEffect(() => {
    if (language !== 'zh-CN' || loaded) return;
    let live = true;
    void import('antd/es/locale/zh_CN').then((module) => {
      zhCN = module.default;
      if (live) setLoaded(module.default);
    });
    return () => {
      live = false;
    };
  }, [language, loaded]);
  return language === 'zh-CN' && loaded ? loaded : enUS;
}
