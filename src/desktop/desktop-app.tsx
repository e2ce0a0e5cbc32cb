import { ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useAntdLocale } from '../i18n/antd-locale';
import { useT } from '../i18n/use-t';
import { createDesktopRouter } from './routes';
import { desktopTheme } from './theme';
import './desktop.css';

export { showError } from './show-error';

/** The desktop shell: antd's provider in the current language and the hash router. */
export function App() {
  const { language } = useT();
  const locale = useAntdLocale(language);
  const router = useMemo(() => createDesktopRouter(), []);
  return (
    <ConfigProvider locale={locale} theme={desktopTheme}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
