import type { FormFactor } from './detect-platform';
import { PlatformError, setDocumentTitle, withTimeout, type Platform } from './platform';

/**
 * DingTalk (desktop and mobile). The SDK decides its environment when it loads and throws outside a
 * browser, so each call imports its per-API module on demand; the per-API import also keeps the `url`
 * parameter on the desktop requestAuthCode call.
 */
export function createDingtalkPlatform(formFactor: FormFactor): Platform {
  return {
    kind: 'dingtalk',
    formFactor,
    canLogout: false,
    async getAuthCode({ corpId }) {
      if (!corpId) throw new PlatformError('errors.env.noAuthCode', 'corpId');
      const { default: requestAuthCode } =
        await import('dingtalk-jsapi/api/runtime/permission/requestAuthCode');
      const result = await withTimeout(requestAuthCode({ corpId }));
      if (!result?.code) throw new PlatformError('errors.env.noAuthCode');
      return result.code;
    },
    async setTitle(title) {
      setDocumentTitle(title);
      const { default: setTitle } = await import('dingtalk-jsapi/api/biz/navigation/setTitle');
      await withTimeout(setTitle({ title })).catch(() => undefined);
    },
    async close() {
      const { default: close } = await import('dingtalk-jsapi/api/biz/navigation/close');
      await withTimeout(close({}));
    },
  };
}
