import type { FormFactor } from './detect-platform';
import { setDocumentTitle, type Platform } from './platform';
import { authCodeFromSearch, closeWeixinWindow } from './wechat';

/** WeCom (enterprise WeChat): same bridge and OAuth redirect as WeChat, its own kind for the server. */
export function createWecomPlatform(formFactor: FormFactor): Platform {
  return {
    kind: 'wecom',
    formFactor,
    canLogout: false,
    getAuthCode: async () => authCodeFromSearch(window.location.search),
    setTitle: async (title) => setDocumentTitle(title),
    close: closeWeixinWindow,
  };
}
