import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { AppPageContent } from '../../../domain/schemas/portal-content';
import { getAppPage } from '../../adapters/portal-content-api';
import { changeLanguage } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { parseMarkdown } from '../documents/markdown';
import { homePath, PATHS } from '../paths';
import { useSession } from '../session/use-session';
import { APP_PAGE_PATHS, APP_PAGE_TITLES, appPageOfPath } from './app-pages';

/**
 * An app download page or product introduction (/app, /app/cims, ..., /cims, /edm): the page's content in
 * the current language (reloaded when it changes), its download link for the QR code, the other pages as
 * links, and the way back (the login, or the home when signed in).
 */
export function useAppPage() {
  const { pathname } = useLocation();
  const { language } = useT();
  const { session } = useSession();
  const name = appPageOfPath(pathname) ?? 'app';
  const [loaded, setLoaded] = useState<{ key: string; content: AppPageContent | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${name}:${language}:${attempt}`;

  useEffect(() => {
    let live = true;
    getAppPage(name, language).then(
      (content) => live && setLoaded({ key, content }),
      () => live && setLoaded({ key, content: null }),
    );
    return () => {
      live = false;
    };
  }, [name, language, key]);

  const current = loaded?.key === key ? loaded : null;
  const blocks = useMemo(() => (current?.content ? parseMarkdown(current.content.Markdown) : []), [current]);
  return {
    name,
    status: !current ? 'loading' : current.content ? 'ready' : 'failed',
    blocks,
    downloadUrl: current?.content?.DownloadUrl ?? null,
    language,
    setLanguage: changeLanguage,
    signedIn: Boolean(session),
    pages: APP_PAGE_PATHS.map(([path, page]) => ({ path, name: page, title: APP_PAGE_TITLES[page] })),
    backPath: session ? homePath(session.UIVersion) : PATHS.login,
    retry: () => setAttempt((n) => n + 1),
  } as const;
}
