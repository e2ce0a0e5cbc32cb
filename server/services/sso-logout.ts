import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { casLogoutUrl, parseLogoutRequest } from '../integrations/sso-cas';
import { withTransaction } from '../repositories';
import { hashToken } from '../security/tokens';
import { oidcLogoutUrl } from '../integrations/sso-oidc';
import { openSsoRow, type SsoDeps, ssoFetch, ssoLoggedOutUrl } from './sso-settings-service';
import { idTokenContext } from './sso-sign-in-service';

/**
 * Where the browser goes to sign out at the identity provider after the portal's session ended (/sso/logout):
 * the OIDC end-session address (with the session's ID token as id_token_hint), CAS's logout, or the
 * configured logout request; back to the portal's address. Null when the organisation has no SSO
 * configuration or no logout address.
 */
export async function ssoLogoutUrl(
  deps: Pick<SsoDeps, 'repos' | 'secrets' | 'outbound'>,
  session: { orgId: number; id: number },
  portalOrigin: string | null,
): Promise<string | null> {
  const { orgId } = session;
  const row = await deps.repos.sso.find(orgId);
  // SSO turned off since the sign-in still leaves a session at the identity provider to end.
  if (!row) return null;
  const stored = openSsoRow(row, deps.secrets);
  const { setting } = stored;
  const returnTo = setting.portalUrl || `${portalOrigin ?? ''}/#/sso/logout?done=1`;
  if (setting.type === 'cas') return casLogoutUrl(setting.casUrl, returnTo);
  if (stored.oidcServer) {
    const sealed = await deps.repos.sso.idTokenOf(orgId, session.id);
    return oidcLogoutUrl(
      { server: stored.oidcServer, clientId: setting.clientId, clientSecret: stored.clientSecret },
      ssoFetch(deps.outbound),
      setting.portalUrl || ssoLoggedOutUrl(portalOrigin),
      sealed ? deps.secrets.open(sealed, idTokenContext(orgId, session.id)) : null,
    );
  }
  if (!setting.logout.url) return null;
  const url = new URL(setting.logout.url);
  for (const param of setting.logout.params) {
    if (param.source === 'constant') url.searchParams.set(param.name, param.value);
    else if (param.value === 'clientId') url.searchParams.set(param.name, setting.clientId);
    else if (param.value === 'redirectUri') url.searchParams.set(param.name, returnTo);
  }
  return url.toString();
}

/**
 * Ends a portal session (/sso/logout) and answers where the browser signs out at the identity provider:
 * only an SSO sign-in has a session there to end (see ssoLogoutUrl); null for any other.
 */
export async function endSessionWithSso(
  deps: Pick<SsoDeps, 'db' | 'repos' | 'secrets' | 'outbound'>,
  session: { orgId: number; id: number; loginMode: string },
  portalOrigin: string | null,
  now: number,
): Promise<string | null> {
  await withTransaction(deps.db, (repos) => repos.sessions.revoke(session.id, now));
  return session.loginMode === 'sso' ? ssoLogoutUrl(deps, session, portalOrigin) : null;
}

/**
 * CAS single logout: ends the sessions that signed in with the ticket a logoutRequest names; a request
 * naming none changes nothing.
 */
export async function endSessionsOfLogoutRequest(
  db: Kysely<Database>,
  logoutRequest: string,
  now: number,
): Promise<void> {
  const ticket = parseLogoutRequest(logoutRequest);
  if (ticket) await withTransaction(db, (repos) => repos.sso.endSessionsOfTicket(hashToken(ticket), now));
}
