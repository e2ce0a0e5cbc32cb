import type { FormFactor } from './detect-platform';
import {
  absoluteUrl,
  openInNewTab,
  PlatformError,
  setDocumentTitle,
  withTimeout,
  type Platform,
} from './platform';

let entryLoading: Promise<unknown> | null = null;

/**
 * The function a per-API module exports. Those modules are CommonJS (`exports.default = fn`): the bundle
 * hands them over with their exports as the default, the unit tests' mocks with the function itself.
 */
function apiOf<F>(module: { default: F }): F {
  const value: unknown = module.default;
  if (typeof value === 'object' && value !== null && 'default' in value)
    return (value as { default: F }).default;
  return value as F;
}

/**
 * Registers dingtalk-jsapi's iOS, Android, PC and Harmony bridges once (`entry/union`): a per-API module
 * needs an entry imported first, or it rejects inside the host. Loaded only inside DingTalk, because the
 * SDK decides its environment when it loads and throws outside a browser.
 */
function loadEntry(): Promise<unknown> {
  entryLoading ??= import('dingtalk-jsapi/entry/union').catch((error: unknown) => {
    entryLoading = null;
    throw error;
  });
  return entryLoading;
}

/**
 * DingTalk (desktop and mobile). Each call imports its per-API module on demand after the union entry:
 * the per-API requestAuthCode keeps the page's `url` parameter on DingTalk PC, which importing the whole
 * SDK would drop (integration facts §8).
 */
export function createDingtalkPlatform(formFactor: FormFactor): Platform {
  return {
    kind: 'dingtalk',
    formFactor,
    canLogout: false,
    async getAuthCode({ corpId }) {
      if (!corpId) throw new PlatformError('errors.env.noAuthCode', 'corpId');
      const [, requestAuthCodeModule] = await Promise.all([
        loadEntry(),
        import('dingtalk-jsapi/api/runtime/permission/requestAuthCode'),
      ]);
      const result = await withTimeout(apiOf(requestAuthCodeModule)({ corpId }));
      if (!result?.code) throw new PlatformError('errors.env.noAuthCode');
      return { code: result.code };
    },
    async setTitle(title) {
      setDocumentTitle(title);
      try {
        const [, setTitleModule] = await Promise.all([
          loadEntry(),
          import('dingtalk-jsapi/api/biz/navigation/setTitle'),
        ]);
        await withTimeout(apiOf(setTitleModule)({ title }));
      } catch {
        // the document title is set; an old client without the bar title keeps its own
      }
    },
    async openLink(url) {
      try {
        const [, openLinkModule] = await Promise.all([
          loadEntry(),
          import('dingtalk-jsapi/api/biz/util/openLink'),
        ]);
        await withTimeout(apiOf(openLinkModule)({ url: absoluteUrl(url) }));
      } catch {
        // a client that cannot open it in its own web view still gets the product
        openInNewTab(url);
      }
    },
    async close() {
      const [, closeModule] = await Promise.all([
        loadEntry(),
        import('dingtalk-jsapi/api/biz/navigation/close'),
      ]);
      await withTimeout(apiOf(closeModule)({}));
    },
  };
}
