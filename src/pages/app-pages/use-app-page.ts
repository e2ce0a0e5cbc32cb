import { useLocation } from 'react-router-dom';
import { getAppPage } from '../../adapters/portal-content-api';
import { useMarkdownPage } from '../documents/use-markdown-page';
import { APP_PAGE_PATHS, APP_PAGE_TITLES, appPageOfPath } from './app-pages';

/**
 * An app download page or product introduction (/app, /app/cims, ..., /cims, /edm): the page's content in
 * the current language (reloaded when it changes), its download link for the QR code, the other pages as
 * links, and the way back (the login, or the home when signed in).
 */
export function useAppPage() {
  const { pathname } = useLocation();
  const name = appPageOfPath(pathname) ?? 'app';
  const page = useMarkdownPage(name, getAppPage);
  return {
    ...page,
    name,
    downloadUrl: page.content?.DownloadUrl ?? null,
    pages: APP_PAGE_PATHS.map(([path, other]) => ({ path, name: other, title: APP_PAGE_TITLES[other] })),
  } as const;
}
