// antd-mobile's CSS variables (colours, fonts); the per-component imports below skip its barrel
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useAntdMobileLocale } from '../i18n/antd-mobile-locale';
import { useT } from '../i18n/use-t';
import { installImperativeRender } from './imperative-render';
import { createMobileRouter } from './routes';
import './mobile.css';

installImperativeRender();

export { showError } from './show-error';

/** The phone shell: antd-mobile in the current language and the hash router. Never loads antd. */
export function App() {
  const { language } = useT();
  const locale = useAntdMobileLocale(language);
  const router = useMemo(() => createMobileRouter(), []);
  return (
    // antd-mobile's built-in default is Chinese; an undefined locale prop would erase it
    <ConfigProvider {...(locale ? { locale } : {})}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
