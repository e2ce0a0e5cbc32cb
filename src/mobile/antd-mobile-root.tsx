import ConfigProvider from 'antd-mobile/es/components/config-provider';
import type { ComponentType, ReactNode } from 'react';
import { useAntdMobileLocale } from '../i18n/antd-mobile-locale';
import { useT } from '../i18n/use-t';

/** antd-mobile's provider in the current language. */
export function AntdMobileRoot({ children }: { children: ReactNode }) {
  const { language } = useT();
  const locale = useAntdMobileLocale(language);
  // antd-mobile's built-in default is Chinese; an undefined locale prop would erase it
  return <ConfigProvider {...(locale ? { locale } : {})}>{children}</ConfigProvider>;
}

/**
 * A page inside AntdMobileRoot. Pages that use antd-mobile components are wrapped when their chunk
 * loads, so the login page paints without them (the phone's 120 KB budget).
 */
export function withAntdMobile(Page: ComponentType): ComponentType {
  function AntdMobilePage() {
    return (
      <AntdMobileRoot>
        <Page />
      </AntdMobileRoot>
    );
  }
  AntdMobilePage.displayName = `WithAntdMobile(${Page.displayName ?? Page.name})`;
  return AntdMobilePage;
}
