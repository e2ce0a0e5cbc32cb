import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createDesktopRouter } from './routes';
import './desktop.css';

export { showError } from './show-error';

/**
 * The desktop shell: the hash router. antd's provider wraps each page that uses antd (antd-root.tsx), not
 * the router, so the login page paints without antd.
 */
export function App() {
  const router = useMemo(() => createDesktopRouter(), []);
  return <RouterProvider router={router} />;
}
