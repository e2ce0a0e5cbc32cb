import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { MessageKey } from '../../domain/i18n';
import { useT } from '../i18n/use-t';
import { usePlatform } from '../platforms/platform-context';
import { MENU_PAGES, PATHS } from './paths';

/** Titles of pages that have their own; menu pages take their menu's name, the rest the portal's name. */
const PAGE_TITLES: Record<string, MessageKey> = {
  [PATHS.reset]: 'reset.title',
  // The standalone change has the name of the personal centre's page.
  [PATHS.modifyPsw]: 'menus.password',
  [PATHS.noPermission]: 'status.noPermissionTitle',
  [PATHS.noAuth]: 'status.noAuthTitle',
  [PATHS.notFound]: 'status.notFoundTitle',
  [PATHS.ipException]: 'status.ipExceptionTitle',
  [PATHS.agreement]: 'documents.titles.agreement',
  [PATHS.privacy]: 'documents.titles.privacy',
  [PATHS.disclaimer]: 'documents.titles.disclaimer',
  [PATHS.sdk]: 'documents.titles.sdk',
  [PATHS.appPermissions]: 'documents.titles.appPermissions',
  [PATHS.company]: 'documents.titles.company',
  [PATHS.contact]: 'documents.titles.contact',
  ...Object.fromEntries(
    Object.entries(MENU_PAGES).map(([code, path]) => [path, `menus.${code}` as MessageKey]),
  ),
};

/** The title key of a path: its own, its menu's, or the portal's name. */
export function pageTitleKey(path: string): MessageKey {
  return PAGE_TITLES[path] ?? 'common.appName';
}

/**
 * Sets the title of the page on show, in its language: the document's, and inside a chat host the
 * host's navigation bar (DingTalk's setTitle, Feishu's once its SDK is loaded).
 */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  const platform = usePlatform();
  const { t } = useT();
  const title = t(pageTitleKey(pathname));
  useEffect(() => {
    void platform.setTitle(title);
  }, [platform, title]);
}
