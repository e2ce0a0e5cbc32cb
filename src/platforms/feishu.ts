import type { FormFactor } from './detect-platform';
import { PlatformError, setDocumentTitle, withTimeout, type Platform } from './platform';

interface FeishuCallbacks<T> {
  success: (result: T) => void;
  fail: (error: unknown) => void;
}

/** The part of Feishu's H5 SDK (window.tt / window.h5sdk) this adapter uses. */
interface FeishuTt {
  requestAccess?: (
    options: { appID: string; scopeList: string[] } & FeishuCallbacks<{ code: string }>,
  ) => void;
  requestAuthCode?: (options: { appId: string } & FeishuCallbacks<{ code: string }>) => void;
  setNavigationBarTitle?: (options: { title: string } & Partial<FeishuCallbacks<unknown>>) => void;
  closeWindow?: (options: Partial<FeishuCallbacks<unknown>>) => void;
}
interface FeishuH5sdk {
  ready: (callback: () => void) => void;
}
type FeishuWindow = Window & { tt?: FeishuTt; h5sdk?: FeishuH5sdk };

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

/** Turns a callback-style tt call into a promise. */
function call<T>(invoke: (callbacks: FeishuCallbacks<T>) => void): Promise<T> {
  return withTimeout(new Promise<T>((resolve, reject) => invoke({ success: resolve, fail: reject })));
}

export interface FeishuOptions {
  sdkUrl: string;
  /** Replaces the script loader in tests. */
  loadSdk?: (sdkUrl: string) => Promise<FeishuTt>;
}

/** Feishu / Lark (desktop and mobile). Prefers the newer requestAccess, falls back to requestAuthCode. */
export function createFeishuPlatform(formFactor: FormFactor, options: FeishuOptions): Platform {
  const sdk = () => (options.loadSdk ?? loadFeishuSdk)(options.sdkUrl);
  return {
    kind: 'feishu',
    formFactor,
    canLogout: false,
    async getAuthCode({ appId }) {
      if (!appId) throw new PlatformError('errors.env.noAuthCode', 'appId');
      const tt = await sdk();
      const { requestAccess, requestAuthCode } = tt;
      const result = requestAccess
        ? await call<{ code: string }>((cb) => requestAccess({ appID: appId, scopeList: [], ...cb }))
        : requestAuthCode
          ? await call<{ code: string }>((cb) => requestAuthCode({ appId, ...cb }))
          : null;
      if (!result?.code) throw new PlatformError('errors.env.noAuthCode');
      return result.code;
    },
    async setTitle(title) {
      setDocumentTitle(title);
    },
    async close() {
      const tt = await sdk();
      const { closeWindow } = tt;
      if (closeWindow) await call((cb) => closeWindow(cb));
    },
  };
}
