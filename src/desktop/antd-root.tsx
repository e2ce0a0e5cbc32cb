import { ConfigProvider } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useAntdLocale } from '../i18n/antd-locale';
import { useT } from '../i18n/use-t';
import { desktopTheme } from './theme';

/** antd's provider in the current language with the portal's theme. */
export function AntdRoot({ children }: { children: ReactNode }) {
  const { language } = useT();
  const locale = useAntdLocale(language);
  return (
    <ConfigProvider locale={locale} theme={desktopTheme}>
      {children}
    </ConfigProvider>
  );
}

/**
 * A page inside AntdRoot. Pages that use antd are wrapped when their chunk loads, so antd (its CSS-in-JS
 * engine and theme) arrives with the first such page and the login page never loads it.
 */
export function withAntd(Page: ComponentType): ComponentType {
  function AntdPage() {
    return (
      <AntdRoot>
        <Page />
      </AntdRoot>
    );
  }
  AntdPage.displayName = `WithAntd(${Page.displayName ?? Page.name})`;
  return AntdPage;
}
