import type { ErrorKey, MessageParams } from '../../../domain/i18n';
import type { SessionInfo } from '../../../domain/schemas/account';
import { ApiError } from '../../adapters/api-client';
import { getAuthorizeUrl, hostSignIn } from '../../adapters/host-sign-in-api';
import { readHostEntry, writeHostBindTicket, writeHostEntry } from '../../adapters/host-storage';
import { PlatformError, type Platform } from '../../platforms/platform';
import type { HostKind } from '../paths';

/** What names the organisation's integration on an entry URL (`?corpId=`, `?appId=`, `&agentId=`). */
export interface HostEntryQuery {
  corpId?: string;
  appId?: string;
  agentId?: string;
}

/** The id each host's entry URL must carry: DingTalk and WeCom a corp id, Feishu and WeChat an app id. */
export const ENTRY_ID: Record<HostKind, 'corpId' | 'appId'> = {
  dingtalk: 'corpId',
  feishu: 'appId',
  wecom: 'corpId',
  wechat: 'appId',
};

/** How a sign-in inside a host ended. */
export type HostSignInOutcome =
  | { kind: 'signedIn'; session: SessionInfo }
  /** The host's identity matched no account; its bind ticket is kept for a password sign-in. */
  | { kind: 'noAccount' }
  /** A message to show: an i18n key with its params, or the server's own words. */
  | { kind: 'failed'; key: ErrorKey; params?: MessageParams; message?: string };

/** The `state` an authorize URL carries, to compare with the one that comes back. */
function stateOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('state');
  } catch {
    return null;
  }
}

/**
 * One sign-in inside a host: the host's code (by its SDK, or by the OAuth redirect for WeChat and WeCom,
 * whose start and state are remembered in this tab), then POST account/isAuthorizeLogin. Never throws:
 * every failure becomes an outcome the page can show with a way to the password login.
 */
export async function signInWithHost(
  platform: Platform,
  host: HostKind,
  query: HostEntryQuery,
  route: string,
): Promise<HostSignInOutcome> {
  const idName = ENTRY_ID[host];
  if (!query[idName]) return { kind: 'failed', key: 'errors.env.missingEntryId', params: { param: idName } };
  try {
    const oauth = host === 'wecom' || host === 'wechat' ? host : null;
    const authorizeUrl = oauth
      ? async (redirectUri: string) => {
          const url = await getAuthorizeUrl({ platform: oauth, ...query, redirectUri });
          writeHostEntry({ route, state: stateOf(url) });
          return url;
        }
      : undefined;
    const { code, state } = await platform.getAuthCode({ ...query, authorizeUrl });
    // The state that came back must be the one this tab was given, when the tab still knows it.
    const expected = readHostEntry()?.state;
    if (state && expected && state !== expected) return { kind: 'failed', key: 'errors.env.stateMismatch' };
    const session = await hostSignIn({
      platform: host,
      code,
      corpId: query.corpId,
      appId: query.appId,
      ...(state ? { state } : {}),
    });
    return { kind: 'signedIn', session };
  } catch (error) {
    if (error instanceof PlatformError) {
      // The host's own words stay in the console, for whoever debugs the host's web view.
      console.warn(error.message);
      return { kind: 'failed', key: error.key };
    }
    if (error instanceof ApiError) {
      if (error.key === 'errors.host.noAccount') {
        const bindTicket = error.params?.bindTicket;
        if (typeof bindTicket === 'string') writeHostBindTicket({ platform: host, bindTicket });
        return { kind: 'noAccount' };
      }
      return { kind: 'failed', key: error.key, message: error.message };
    }
    console.warn(error);
    return { kind: 'failed', key: 'errors.env.hostFailed' };
  }
}
