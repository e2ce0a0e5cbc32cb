import { useMemo } from 'react';
import { HashRouter } from 'react-router-dom';
import { RouteTable } from '../pages/route-table';
import { createDesktopRoutes } from './routes';
import './desktop.css';

export { showError } from './show-error';

/**
 * The desktop shell: the hash router. antd's provider wraps each page that uses antd (antd-root.tsx), not
 * the router, so the login page paints without antd.
 */
export function App() {
  const routes = useMemo(() => createDesktopRoutes(), []);
  return (
    <HashRouter>
      <RouteTable routes={routes} />
    </HashRouter>
  );
}
