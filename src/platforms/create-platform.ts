import type { HostPlatform } from '../../domain/constants';
import { createBrowserPlatform } from './browser';
import type { DetectedPlatform, FormFactor } from './detect-platform';
import { setDocumentTitle, setHostCallTimeoutMs, type Platform } from './platform';

export interface PlatformOptions {
  /** Where Feishu's H5 SDK script lives (ClientConfig.feishuSdkUrl). */
  feishuSdkUrl: string;
  /** How long a call to the host may take (ClientConfig.hostCallTimeoutMs); absent: HOST_CALL_TIMEOUT_MS. */
  hostCallTimeoutMs?: number;
}

/** Each host's adapter module, loaded only inside that host. */
const HOST_ADAPTERS: Record<
  HostPlatform,
  (formFactor: FormFactor, options: PlatformOptions) => Promise<Platform>
> = {
  dingtalk: (formFactor) => import('./dingtalk').then((m) => m.createDingtalkPlatform(formFactor)),
  feishu: (formFactor, options) =>
    import('./feishu').then((m) => m.createFeishuPlatform(formFactor, { sdkUrl: options.feishuSdkUrl })),
  wechat: (formFactor) => import('./wechat').then((m) => m.createWechatPlatform(formFactor)),
  wecom: (formFactor) => import('./wecom').then((m) => m.createWecomPlatform(formFactor)),
};

/**
 * A chat host's adapter that loads its module with the first host call: what a page needs at once (the
 * host, the form factor, no sign-out) is known without it, so a plain browser never downloads host code.
 */
function lazyHostPlatform(kind: HostPlatform, formFactor: FormFactor, options: PlatformOptions): Platform {
  let loading: Promise<Platform> | null = null;
  const adapter = () =>
    (loading ??= HOST_ADAPTERS[kind](formFactor, options).catch((error: unknown) => {
      loading = null; // a failed chunk load may work the next time
      throw error;
    }));
  return {
    kind,
    formFactor,
    canLogout: false,
    getAuthCode: async (request) => (await adapter()).getAuthCode(request),
    async setTitle(title) {
      setDocumentTitle(title);
      await (await adapter()).setTitle(title);
    },
    openLink: async (url) => (await adapter()).openLink(url),
    close: async () => (await adapter()).close(),
  };
}

/** The adapter for a detected host. Creating one loads no SDK; the first host call does. */
export function createPlatform(detected: DetectedPlatform, options: PlatformOptions): Platform {
  setHostCallTimeoutMs(options.hostCallTimeoutMs);
  if (detected.kind === 'browser') return createBrowserPlatform(detected.formFactor);
  return lazyHostPlatform(detected.kind, detected.formFactor, options);
}
