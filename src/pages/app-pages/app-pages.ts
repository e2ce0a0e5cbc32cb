import type { MessageKey } from '../../../domain/i18n';
import type { AppPageName } from '../../../domain/schemas/portal-content';
import { PATHS } from '../paths';

/** The app-download module's pages by route (SPEC §2), in the order their links list them. */
export const APP_PAGE_PATHS: ReadonlyArray<readonly [path: string, name: AppPageName]> = [
  [PATHS.app, 'app'],
  [PATHS.appCims, 'appCims'],
  [PATHS.appEdm, 'appEdm'],
  [PATHS.appPm, 'appPm'],
  [PATHS.appMm, 'appMm'],
  [PATHS.appIm, 'appIm'],
  [PATHS.introCims, 'introCims'],
  [PATHS.introEdm, 'introEdm'],
];

/** The page a path shows, or null for any other path. */
export function appPageOfPath(path: string): AppPageName | null {
  return APP_PAGE_PATHS.find(([pagePath]) => pagePath === path)?.[1] ?? null;
}

/** The app downloads the user menu offers (SPEC §2: CIMS, ELN, PM, MM, IM), each with its page. */
export const APP_DOWNLOADS: ReadonlyArray<{ key: string; path: string; label: MessageKey }> = [
  { key: 'cims', path: PATHS.appCims, label: 'layout.apps.cims' },
  { key: 'edm', path: PATHS.appEdm, label: 'layout.apps.edm' },
  { key: 'pm', path: PATHS.appPm, label: 'layout.apps.pm' },
  { key: 'mm', path: PATHS.appMm, label: 'layout.apps.mm' },
  { key: 'im', path: PATHS.appIm, label: 'layout.apps.im' },
];

/** Each page's title in the page list, by name. */
export const APP_PAGE_TITLES: Readonly<Record<AppPageName, MessageKey>> = {
  app: 'layout.appPages.titles.app',
  appCims: 'layout.apps.cims',
  appEdm: 'layout.apps.edm',
  appPm: 'layout.apps.pm',
  appMm: 'layout.apps.mm',
  appIm: 'layout.apps.im',
  introCims: 'layout.appPages.titles.introCims',
  introEdm: 'layout.appPages.titles.introEdm',
};
