import type { FormFactor } from './detect-platform';
import { oauthRedirectUri, takeOAuthReturn } from './oauth-return';
import { PlatformError, setDocumentTitle, withTimeout, type Platform } from './platform';

/**
 * How long the page waits for the browser to leave for the authorize page before it says something went
 * wrong: the platform's page may be slow to answer, so longer than a host call.
 */
export const OAUTH_REDIRECT_TIMEOUT_MS = 15_000;

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

/** How the page leaves: replaced by tests, where jsdom cannot navigate. */
export interface WeixinNavigation {
  /** Leaves for the authorize page without leaving this page in the history. */
  replace(url: string): void;
  /** Opens a product in this web view. */
  assign(url: string): void;
}

const windowNavigation: WeixinNavigation = {
  replace: (url) => window.location.replace(url),
  assign: (url) => window.location.assign(url),
};

/**
 * WeChat and WeCom sign in by the OAuth redirect, not by a JS call: without an answer in the address the
 * page leaves for the authorize URL the server built (it holds the state); with one, the code and state
 * that came back are the sign-in code. A refusal (a state without a code) is said as such.
 */
export function createWeixinOAuthPlatform(
  kind: 'wechat' | 'wecom',
  formFactor: FormFactor,
  navigation: WeixinNavigation = windowNavigation,
): Platform {
  return {
    kind,
    formFactor,
    canLogout: false,
    async getAuthCode({ authorizeUrl }) {
      const returned = takeOAuthReturn();
      if (returned) {
        if (!returned.code) throw new PlatformError('errors.env.authDenied');
        return { code: returned.code, state: returned.state ?? undefined };
      }
      if (!authorizeUrl) throw new PlatformError('errors.env.noAuthCode', 'authorizeUrl');
      // A server failure (not configured, unreachable) keeps its own message: not wrapped as a host one.
      const url = await authorizeUrl(oauthRedirectUri(window.location));
      navigation.replace(url);
      // The page is leaving; should it stay, say so after a while instead of spinning for ever.
      return withTimeout(new Promise<never>(() => undefined), OAUTH_REDIRECT_TIMEOUT_MS);
    },
    setTitle: async (title) => setDocumentTitle(title),
    // Inside WeChat a new window is not a thing: the product opens in this web view, Back returns here.
    openLink: async (url) => navigation.assign(url),
    close: closeWeixinWindow,
  };
}

/** WeChat (official-account web view, phone or desktop). */
export function createWechatPlatform(formFactor: FormFactor, navigation?: WeixinNavigation): Platform {
  return createWeixinOAuthPlatform('wechat', formFactor, navigation);
}
