import { readHostEntry } from '../../adapters/host-storage';
import { oauthLandingUrl } from '../../platforms/oauth-return';
import { PATHS } from '../paths';

/**
 * Back from WeChat's or WeCom's OAuth page the address is `/?code=..&state=..#wechat_redirect`: before the
 * hash router starts, the fragment (no route) gives way to the entry route the redirect started from, or
 * the host's entry page. Loaded at boot inside WeChat and WeCom only.
 */
export function landOAuthReturn(kind: 'wechat' | 'wecom'): void {
  const landing = oauthLandingUrl(window.location, readHostEntry()?.route ?? PATHS[kind]);
  if (landing) window.history.replaceState(null, '', landing);
}
