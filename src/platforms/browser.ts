import type { FormFactor } from './detect-platform';
import { openInNewTab, PlatformError, setDocumentTitle, type Platform } from './platform';

/** A plain desktop or mobile browser: no host SDK, no sign-in code, signing out allowed. */
export function createBrowserPlatform(formFactor: FormFactor): Platform {
  return {
    kind: 'browser',
    formFactor,
    canLogout: true,
    getAuthCode: () => Promise.reject(new PlatformError('errors.env.noAuthCode')),
    setTitle: async (title) => setDocumentTitle(title),
    openLink: async (url) => openInNewTab(url),
    close: async () => window.close(),
  };
}
