import type { FormFactor } from './detect-platform';
import { PlatformError, setDocumentTitle, withTimeout, type Platform } from './platform';

/**
 * Reads the `code` the host's OAuth redirect put in the query string. WeChat and WeCom sign in by
 * redirecting through open.weixin.qq.com, not by a JS call; the code comes back as `?code=...`.
 */
export function authCodeFromSearch(search: string): string {
  const code = new URLSearchParams(search).get('code');
  if (!code) throw new PlatformError('errors.env.noAuthCode');
  return code;
}

/** Closes the WeChat-family web view through weixin-js-sdk, loaded only when needed. */
export async function closeWeixinWindow(): Promise<void> {
  const { default: wx } = await import('weixin-js-sdk');
  await withTimeout(
    new Promise<void>((resolve) => {
      wx.closeWindow();
      resolve();
    }),
  );
}

/** WeChat (official-account web view, phone or desktop). */
export function createWechatPlatform(formFactor: FormFactor): Platform {
  return {
    kind: 'wechat',
    formFactor,
    canLogout: false,
    getAuthCode: async () => authCodeFromSearch(window.location.search),
    setTitle: async (title) => setDocumentTitle(title),
    close: closeWeixinWindow,
  };
}
