import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, measureClockOffset, setApiClient } from './adapters/api-client';
import { loadClientConfig } from './adapters/config-api';
import { readStoredLanguage } from './adapters/storage';
import { currentLanguage, hasMessage, initI18n, pickInitialLanguage, translateNow } from './i18n/i18n';
import { handleUnauthorized, restoreSession } from './pages/session/session-events';
import { sessionStore } from './pages/session/use-session';
import { createPlatform } from './platforms/create-platform';
import { detectPlatform } from './platforms/detect-platform';
import { PlatformProvider } from './platforms/platform-context';
import type { ShellModule } from './shell';

/** Where the app is served from ('' at the site root), so the API and the clock GET follow it. */
const base = window.location.pathname.replace(/\/[^/]*$/, '');
const apiBase = `${base}/api`;

/** Boot (DESIGN §2): config, platform once, i18n, clock offset, session check, then the chosen shell. */
async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  let toast: (message: string) => void = (message) => console.error(message);

  try {
    const config = await loadClientConfig(apiBase);
    const detected = detectPlatform(navigator.userAgent, { viewportWidth: window.innerWidth });
    const platform = createPlatform(detected, { feishuSdkUrl: config.feishuSdkUrl });
    const stored = sessionStore.get().session;
    const language = pickInitialLanguage(readStoredLanguage(), stored?.Lang ?? null, navigator.language);

    const client = createApiClient({
      baseURL: apiBase,
      signingKey: config.signingKey,
      getLanguage: currentLanguage,
      onUnauthorized: handleUnauthorized,
      showError: (message) => toast(message),
      networkErrorMessage: () => translateNow('errors.request.network'),
      knowsErrorKey: hasMessage,
    });
    setApiClient(client);

    const shellLoading: Promise<ShellModule> =
      detected.formFactor === 'mobile' ? import('./mobile/mobile-app') : import('./desktop/desktop-app');
    const [offset, shell] = await Promise.all([
      measureClockOffset(`${base}/`),
      shellLoading,
      initI18n(language),
    ]);
    client.setClockOffset(offset);
    await restoreSession();
    toast = shell.showError;

    createRoot(container).render(
      <StrictMode>
        <PlatformProvider platform={platform}>
          <shell.App />
        </PlatformProvider>
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    // i18n may not be up yet: say it in both languages
    container.innerHTML =
      '<div style="font:15px system-ui;padding:48px;text-align:center;color:#444">' +
      '页面加载失败，请刷新重试。<br/>The page failed to load. Please refresh.</div>';
  }
}

void boot();
