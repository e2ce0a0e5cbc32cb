import { useLocation } from 'react-router-dom';
import type { DocumentName } from '../../../domain/schemas/documents';
import { getDocument } from '../../adapters/documents-api';
import { useFormatTime } from '../../i18n/use-t';
import { PATHS } from '../paths';
import { documentTitle } from './markdown';
import { useMarkdownPage } from './use-markdown-page';

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
  const name = documentOfPath(pathname) ?? 'agreement';
  const page = useMarkdownPage(name, getDocument);
  const formatTime = useFormatTime();
  return {
    ...page,
    name,
    title: documentTitle(page.blocks),
    /** The file's date in the interface language and the user's time zone, or '' before it loaded. */
    updatedDate: page.content ? formatTime(page.content.UpdatedAt, 'date') : '',
    others: DOCUMENT_PATHS.filter(([, other]) => other !== name).map(([path, other]) => ({
      path,
      name: other,
    })),
  } as const;
}
