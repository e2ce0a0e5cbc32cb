import {
  type IpMember,
  ipOptionalAccountsSchema,
  type IpUnrestrictedPage,
  type IpUnrestrictedPageRequest,
  ipUnrestrictedPageSchema,
  type IpWhitelist,
  ipWhitelistSchema,
} from '../../domain/schemas/ip-whitelist';
import { apiClient } from './api-client';

// Only the IP whitelist tab (its own lazy chunk) calls these. Silent: the page shows each refusal itself.

/** GET /api/ipwhitelist: the switch, the lines and the administrator's own address. */
export async function getIpWhitelist(): Promise<IpWhitelist> {
  return ipWhitelistSchema.parse(await apiClient().get('/ipwhitelist', { silent: true }));
}

/** POST /api/ipwhitelist: the lines; 400 names the first bad line, 409 asks to confirm. */
export async function saveIpWhitelist(ipList: string, confirmed: boolean): Promise<IpWhitelist> {
  return ipWhitelistSchema.parse(
    await apiClient().post('/ipwhitelist', { IpList: ipList, Confirmed: confirmed }, { silent: true }),
  );
}

/** POST /api/loginSetting/ipwhitelist/switch; 409 asks to confirm. */
export async function switchIpWhitelist(on: boolean, confirmed: boolean): Promise<IpWhitelist> {
  return ipWhitelistSchema.parse(
    await apiClient().post(
      '/loginSetting/ipwhitelist/switch',
      { switchState: on, Confirmed: confirmed },
      { silent: true },
    ),
  );
}

/** POST /api/ipunlimited/pages: a page of the unrestricted members. */
export async function listUnrestricted(query: IpUnrestrictedPageRequest): Promise<IpUnrestrictedPage> {
  return ipUnrestrictedPageSchema.parse(
    await apiClient().post('/ipunlimited/pages', query, { silent: true }),
  );
}

/** GET /api/ipunlimited/optionalAccounts: ordinary members who may be added. */
export async function listOptionalAccounts(keyword: string): Promise<IpMember[]> {
  return ipOptionalAccountsSchema.parse(
    await apiClient().get('/ipunlimited/optionalAccounts', {
      silent: true,
      query: keyword ? { keyword } : undefined,
    }),
  );
}

/** POST /api/ipunlimited: exempts members. */
export async function addUnrestricted(accountIds: number[]): Promise<void> {
  await apiClient().post('/ipunlimited', { accountIds }, { silent: true });
}

/** DELETE /api/ipunlimited?accountIds=...: takes members off the list. */
export async function removeUnrestricted(accountIds: number[]): Promise<void> {
  await apiClient().delete('/ipunlimited', { silent: true, query: { accountIds: accountIds.join(',') } });
}
