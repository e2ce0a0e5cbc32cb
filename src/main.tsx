import { StrictMode, startTransition } from 'react';
import { HOST_FRAME_HEADER, hostFrameHeaderValue } from '../domain/rules/host-frame';
import { createApiClient, measureClockOffset, setApiClient } from './adapters/api-client';
import { loadClientConfig } from './adapters/config-api';
import { readStoredLanguage } from './adapters/storage';
import { currentLanguage, hasMessage, initI18n, pickInitialLanguage, translateNow } from './i18n/i18n';
import {
  handleIpForbidden,
  handleScreenLocked,
  handleUnauthorized,
  restoreSession,
} from './pages/session/session-events';
import { sessionStore } from './pages/session/use-session';
import { browserLanguage } from './platforms/browser-language';
import { createPlatform } from './platforms/create-platform';
import {
  type DetectedPlatform,
  detectPlatform,
  type FormFactor,
  isDingtalkContainer,
} from './platforms/detect-platform';
import { PlatformProvider } from './platforms/platform-context';
import type { ShellModule } from './shell';

/** Where the app is served from ('' at the site root), so the API and the clock GET follow it. */
const base = window.location.pathname.replace(/\/[^/]*$/, '');
const apiBase = `${base}/api`;

type HostWindow = Window & { dingtalk?: { platform?: { invokeAPI?: unknown } } };

/** The host and form factor, once; DingTalk PC is known by its container as its SDK knows it. */
function detectHere(): DetectedPlatform {
  const dingtalkContainer = isDingtalkContainer({
    windowName: window.name,
    hasInvokeApi: typeof (window as HostWindow).dingtalk?.platform?.invokeAPI === 'function',
  });
  return detectPlatform(navigator.userAgent, { viewportWidth: window.innerWidth, dingtalkContainer });
}

/**
 * Each shell's import on its own: written as one `mobile ? import(a) : import(b)`, the build gives the
 * expression the modules both branches need to preload, so a phone fetched the desktop's. Each shell's
 * chunk carries its login page (vite.config.ts), so the login needs no import of its own.
 */
const SHELLS: Record<FormFactor, () => Promise<ShellModule>> = {
  mobile: () => import('./mobile/mobile-app'),
  desktop: () => import('./desktop/desktop-app'),
};

/** Boot (DESIGN §2): platform once, config, i18n, clock offset, session check, then the chosen shell. */
async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  let toast: (message: string) => void = (message) => console.error(message);

  try {
    // React's DOM renderer, most of the first paint's script, is not a static import: the entry runs (and
    // starts everything below) without waiting for it; index.html preloads it from the first byte.
    const rendererLoading = import('react-dom/client');
    const detected = detectHere();
    // The shell (with its login page) starts loading now, beside the config: waiting for the config first
    // would put their round trips one after the other before the first paint.
    const shellLoading = SHELLS[detected.formFactor]();
    // Back from WeChat's or WeCom's OAuth page, before the hash router reads `#wechat_redirect` as a route.
    const { kind } = detected;
    const landing =
      kind === 'wechat' || kind === 'wecom'
        ? import('./pages/host/oauth-landing').then((module) => module.landOAuthReturn(kind))
        : null;
    // The catalogue (in the language of the session the landing may have stored) and the server clock do
    // not wait for the config either.
    const catalogueLoading = Promise.resolve(landing).then(() => {
      const stored = sessionStore.get().session;
      return initI18n(pickInitialLanguage(readStoredLanguage(), stored ?? null, browserLanguage()));
    });
    const offsetLoading = measureClockOffset(`${base}/`);
    // Awaited below; a failure before then must not count as unhandled.
    for (const loading of [rendererLoading, shellLoading, catalogueLoading, offsetLoading])
      loading.catch(() => undefined);
    const config = await loadClientConfig(apiBase);
    await landing;
    const platform = createPlatform(detected, {
      feishuSdkUrl: config.feishuSdkUrl,
      hostCallTimeoutMs: config.hostCallTimeoutMs,
    });
    // A chat host's frame on another site (DingTalk PC) needs the framed session cookies: say so.
    const frameHost = hostFrameHeaderValue(detected.kind, window.top !== window);

    const client = createApiClient({
      baseURL: apiBase,
      signingKey: config.signingKey,
      getLanguage: currentLanguage,
      onUnauthorized: handleUnauthorized,
      onIpForbidden: handleIpForbidden,
      onScreenLocked: handleScreenLocked,
      showError: (message) => toast(message),
      networkErrorMessage: () => translateNow('errors.request.network'),
      knowsErrorKey: hasMessage,
      headers: frameHost ? { [HOST_FRAME_HEADER]: frameHost } : undefined,
    });
    setApiClient(client);

    const [offset, shell, { createRoot }] = await Promise.all([
      offsetLoading,
      shellLoading,
      rendererLoading,
      catalogueLoading,
    ]);
    client.setClockOffset(offset);
    await restoreSession();
    toast = shell.showError;

    // As a transition, React renders the first page in slices of a few milliseconds and yields between
    // them, instead of in one task that holds the main thread for the whole page.
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <PlatformProvider platform={platform}>
            <shell.App />
          </PlatformProvider>
        </StrictMode>,
      ),
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
