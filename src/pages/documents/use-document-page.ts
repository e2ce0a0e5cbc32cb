import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { DocumentContent, DocumentName } from '../../../domain/schemas/documents';
import { getDocument } from '../../adapters/documents-api';
import { changeLanguage } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { homePath, PATHS } from '../paths';
import { useSession } from '../session/use-session';
import { documentTitle, parseMarkdown } from './markdown';

/** The public documents by route (SPEC §2), in the order the page's links list them. */
export const DOCUMENT_PATHS: ReadonlyArray<readonly [path: string, name: DocumentName]> = [
  [PATHS.agreement, 'agreement'],
  [PATHS.privacy, 'privacy'],
  [PATHS.disclaimer, 'disclaimer'],
  [PATHS.sdk, 'sdk'],
  [PATHS.appPermissions, 'appPermissions'],
  [PATHS.company, 'company'],
  [PATHS.contact, 'contact'],
];

/** The document a path shows, or null for any other path. */
export function documentOfPath(path: string): DocumentName | null {
  return DOCUMENT_PATHS.find(([documentPath]) => documentPath === path)?.[1] ?? null;
}

/**
 * A public document page (agreement, privacy, ...): the document of the current route in the current
 * language, parsed into blocks, reloaded when the language changes; the other documents as links and the
 * way back (the login, or the home when signed in).
 */
export function useDocumentPage() {
  const { pathname } = useLocation();
  const { language } = useT();
  const { session } = useSession();
  const name = documentOfPath(pathname) ?? 'agreement';
  const [loaded, setLoaded] = useState<{ key: string; content: DocumentContent | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${name}:${language}:${attempt}`;

  useEffect(() => {
    let live = true;
    getDocument(name, language).then(
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
    title: documentTitle(blocks),
    /** The file's date as YYYY-MM-DD, or '' before it loaded. */
    updatedDate: current?.content ? new Date(current.content.UpdatedAt).toISOString().slice(0, 10) : '',
    language,
    setLanguage: changeLanguage,
    others: DOCUMENT_PATHS.filter(([, other]) => other !== name).map(([path, other]) => ({
      path,
      name: other,
    })),
    backPath: session ? homePath(session.UIVersion) : PATHS.login,
    retry: () => setAttempt((n) => n + 1),
  } as const;
}
