import type { FormFactor } from './detect-platform';
import {
  absoluteUrl,
  openInNewTab,
  PlatformError,
  setDocumentTitle,
  withTimeout,
  type HostAuthCode,
  type Platform,
} from './platform';

interface FeishuCallbacks<T> {
  success: (result: T) => void;
  fail: (error: unknown) => void;
}

/** The part of Feishu's H5 SDK (window.tt) this adapter uses. */
export interface FeishuTt {
  requestAccess?: (
    options: { appID: string; scopeList: string[] } & FeishuCallbacks<{ code: string }>,
  ) => void;
  requestAuthCode?: (options: { appId: string } & FeishuCallbacks<{ code: string }>) => void;
  setNavigationBarTitle?: (options: { title: string } & Partial<FeishuCallbacks<unknown>>) => void;
  openSchema?: (options: { schema: string; external: boolean } & Partial<FeishuCallbacks<unknown>>) => void;
  closeWindow?: (options: Partial<FeishuCallbacks<unknown>>) => void;
}
interface FeishuH5sdk {
  ready: (callback: () => void) => void;
}
type FeishuWindow = Window & { tt?: FeishuTt; h5sdk?: FeishuH5sdk };

/** Feishu's answer to requestAccess on a client too old for it: ask with requestAuthCode instead. */
const REQUEST_ACCESS_UNSUPPORTED = 103;

let sdkLoading: Promise<FeishuTt> | null = null;

/**
 * Loads Feishu's H5 SDK from the configured URL once (there is no npm package) and waits for
 * `h5sdk.ready`. Never runs in unit tests: they inject a fake loader.
 */
export function loadFeishuSdk(sdkUrl: string): Promise<FeishuTt> {
  sdkLoading ??= withTimeout(
    new Promise<FeishuTt>((resolve, reject) => {
      const host = window as FeishuWindow;
      const whenReady = () => {
        if (!host.h5sdk || !host.tt)
          return reject(new PlatformError('errors.env.hostFailed', 'h5sdk missing'));
        const tt = host.tt;
        host.h5sdk.ready(() => resolve(tt));
      };
      if (host.h5sdk) return whenReady();
      const script = document.createElement('script');
      script.src = sdkUrl;
      script.async = true;
      script.onload = whenReady;
      script.onerror = () => reject(new PlatformError('errors.env.hostFailed', 'sdk script'));
      document.head.appendChild(script);
    }),
  ).catch((error: unknown) => {
    sdkLoading = null;
    throw error;
  });
  return sdkLoading;
}

/** Turns a callback-style tt call into a promise (bounded by the caller). */
function call<T>(invoke: (callbacks: FeishuCallbacks<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => invoke({ success: resolve, fail: reject }));
}

/** Whether a requestAccess failure says the client is too old for it. */
function isUnsupported(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errno?: unknown }).errno === REQUEST_ACCESS_UNSUPPORTED
  );
}

/** A sign-in code: requestAccess where the client has it, requestAuthCode on older clients. */
async function requestCode(tt: FeishuTt, appId: string): Promise<HostAuthCode> {
  const { requestAccess, requestAuthCode } = tt;
  const viaAuthCode = () => {
    if (!requestAuthCode) throw new PlatformError('errors.env.hostFailed', 'no requestAuthCode');
    return call<{ code: string }>((cb) => requestAuthCode({ appId, ...cb }));
  };
  const result = requestAccess
    ? await call<{ code: string }>((cb) => requestAccess({ appID: appId, scopeList: [], ...cb })).catch(
        (error: unknown) => {
          if (isUnsupported(error)) return viaAuthCode();
          throw error;
        },
      )
    : await viaAuthCode();
  if (!result?.code) throw new PlatformError('errors.env.noAuthCode');
  return { code: result.code };
}

export interface FeishuOptions {
  sdkUrl: string;
  /** Replaces the script loader in tests. */
  loadSdk?: (sdkUrl: string) => Promise<FeishuTt>;
  /** The SDK if this page has loaded it already (window.tt); tests pass their own. */
  loadedSdk?: () => FeishuTt | undefined;
}

/**
 * Feishu / Lark (desktop and mobile). Sign-in prefers the newer requestAccess and falls back to
 * requestAuthCode; the whole exchange with the host (script, ready, code) is bounded by one timeout.
 */
export function createFeishuPlatform(formFactor: FormFactor, options: FeishuOptions): Platform {
  const sdk = () => (options.loadSdk ?? loadFeishuSdk)(options.sdkUrl);
  const loaded = options.loadedSdk ?? (() => (window as FeishuWindow).tt);
  return {
    kind: 'feishu',
    formFactor,
    canLogout: false,
    async getAuthCode({ appId }) {
      if (!appId) throw new PlatformError('errors.env.noAuthCode', 'appId');
      return withTimeout(sdk().then((tt) => requestCode(tt, appId)));
    },
    async setTitle(title) {
      setDocumentTitle(title);
      // Only once the SDK is here: a title alone is not worth loading the script for.
      const setBarTitle = loaded()?.setNavigationBarTitle;
      if (!setBarTitle) return;
      await withTimeout(call((cb) => setBarTitle({ title, ...cb }))).catch(() => undefined);
    },
    async openLink(url) {
      try {
        const tt = await sdk();
        const { openSchema } = tt;
        if (!openSchema) throw new PlatformError('errors.env.hostFailed', 'no openSchema');
        // external: false keeps the product inside Feishu, in a web view of its own
        await withTimeout(call((cb) => openSchema({ schema: absoluteUrl(url), external: false, ...cb })));
      } catch {
        openInNewTab(url);
      }
    },
    async close() {
      const tt = await sdk();
      const { closeWindow } = tt;
      if (closeWindow) await withTimeout(call((cb) => closeWindow(cb)));
    },
  };
}
