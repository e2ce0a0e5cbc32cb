// antd-mobile's CSS variables (colours, fonts); the per-component imports of the pages skip its barrel
import 'antd-mobile/es/global';
import { useMemo } from 'react';
import { HashRouter } from 'react-router-dom';
import { RouteTable } from '../pages/route-table';
import { createMobileRoutes } from './routes';
import './mobile.css';

export { showError } from './show-error';

/**
 * The phone shell: the hash router. antd-mobile's provider wraps each page that uses antd-mobile
 * (antd-mobile-root.tsx), so the login page paints without it. Never loads antd.
 */
export function App() {
  const routes = useMemo(() => createMobileRoutes(), []);
  return (
    <HashRouter>
      <RouteTable routes={routes} />
    </HashRouter>
  );
}
