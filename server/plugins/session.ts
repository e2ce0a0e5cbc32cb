import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_TOUCH_INTERVAL_MS } from '../../domain/constants';
import { isCrossSiteRequest } from '../../domain/rules/host-frame';
import { isStateChanging } from '../../domain/rules/request-signing';
import { type PasswordChangeReason, storedPasswordChangeReason } from '../../domain/rules/password-policy';
import { autoLoginCookieMaxAge, type SessionState, sessionState } from '../../domain/rules/session-lifetime';
import { trialState } from '../../domain/rules/trial-sign-in';
import { ApiError } from '../core/errors';
import {
  clearSessionCookies,
  cookieName,
  header,
  requestCookie,
  SESSION_COOKIE,
  setSessionCookies,
} from './session-cookies';

export {
  ACCOUNT_INFO_COOKIE,
  type AccountDisplay,
  clearSessionCookies,
  cookieName,
  requestCookie,
  SESSION_COOKIE,
  setSessionCookies,
} from './session-cookies';
import { isRoutedApiRequest, routeConfigOf } from './envelope';
import { callbackHook, type RouteConfig } from '../core/route-config';
import { hostOfOrigin } from './portal-origin';
import { readRepositories } from '../repositories';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import type {
  LoginMode,
  SessionsRepository,
  SessionWithAccount,
  StoredSession,
} from '../repositories/sessions-repository';
import { hashToken } from '../security/tokens';
import type { Operator } from '../core/operator';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { OrgChangeContext } from '../services/service-context';

/** Who may call a route (DESIGN §5). Routes under /api without one are treated as `member`. */
export type RouteAccess = 'public' | 'member' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A member route a session that must change its password may still call (its session info, sign-out,
     * the password change itself, the language); every other member or admin route answers 403 until then.
     */
    allowDuringPasswordChange?: boolean;
    /**
     * An open-capability route (SPEC §6): the organisation must be authorised for open access by an
     * operator (`npm run cli -- org:openness`), else 403 errors.openness.notAuthorized.
     */
    openness?: boolean;
    /**
     * A member route a session the screen lock locked may still call (its session info, sign-out, the
     * unlock itself); every other member or admin route answers 403 errors.screenLock.locked until then.
     */
    allowWhileLocked?: boolean;
    /**
     * A member route a trial sign-in may call (its session info, sign-out, the language); a trial session
     * reaches nothing else (403 errors.trialSignIn.demoOnly): it is restricted to the demo site (SPEC §6).
     */
    allowForTrial?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user of this request, set for member and admin routes. */
    session: RequestSession | null;
  }
}

export interface RequestSession {
  id: number;
  accountId: number;
  orgId: number;
  isOrgAdmin: boolean;
  autoLogin: boolean;
  createdAt: number;
  /** The signed-in account as read with the session when this request began (no second query). */
  account: AccountWithOrganization;
  /** Why this session must change its password before anything else (SPEC §4), or null. */
  passwordChangeReason: PasswordChangeReason;
  /** The screen lock has locked this session (until the password unlocks it). */
  locked: boolean;
  /** 'trial' for a trial sign-in restricted to the demo site. */
  loginMode: LoginMode;
  /** End of the trial of the session's organisation, or null when it is not a trial organisation. */
  trialExpiresAt: number | null;
  /** The version of the organisation's settings when this request began (see orgSettingsCache). */
  settingsVersion: number;
}

export interface SessionPluginOptions {
  sessions: SessionsRepository;
  now: () => number;
  /** Whether an organisation is authorised for open capability (read only by `openness` routes). */
  opennessAuthorized: (orgId: number) => Promise<boolean>;
}

const UNUSABLE_KEYS = {
  unknown: 'errors.auth.required',
  revoked: 'errors.auth.required',
  forcedLogout: 'errors.auth.forcedLogout',
  idleExpired: 'errors.auth.sessionExpired',
} as const;

/** What the request's session cookie leads to: nothing, a session that may no longer be used, or one that may. */
export type SessionLookup =
  | { state: 'noCookie' }
  | { state: 'unknown' | Exclude<SessionState, 'active'>; trialOver?: boolean }
  | { state: 'active'; token: string; session: StoredSession; account: AccountWithOrganization };

/** What a found session (or none) means at `now`: the rule that an account no longer active ends its sessions. */
function verdictOf(token: string, found: SessionWithAccount | null | undefined, now: number): SessionLookup {
  if (!found) return { state: 'unknown' };
  const state = found.account.status === 'active' ? sessionState(found.session, now) : 'revoked';
  if (state === 'active') return { state, token, ...found };
  // A session its organisation's ended trial closed still says why: requests a page sent at the same time
  // as the one that closed it would otherwise answer a bare 401 and the login page lose the notice.
  return { state, trialOver: trialState(found.session.trialExpiresAt, now) === 'expired' };
}

/**
 * lookUpSession's answer, at once when the database gives it at once (see findWithAccountNow), else a
 * promise of it: the signed-in request then makes no promise for its session.
 */
function lookUpSessionSoon(
  sessions: SessionsRepository,
  request: FastifyRequest,
  now: number,
): SessionLookup | Promise<SessionLookup> {
  const token = requestCookie(request, cookieName(request, SESSION_COOKIE));
  if (!token) return { state: 'noCookie' };
  const tokenHash = hashToken(token);
  const found = sessions.findWithAccountNow(tokenHash);
  if (found !== undefined) return verdictOf(token, found, now);
  return sessions.findWithAccount(tokenHash).then((later) => verdictOf(token, later, now));
}

/**
 * Finds the session the request's cookie names, with its whole account, and whether it may still be used
 * (an account that is no longer active ends its sessions). The one place that rule lives: the access hook
 * and the pages that only want to know who is looking both ask here.
 */
export async function lookUpSession(
  db: Kysely<Database>,
  request: FastifyRequest,
  now: number,
): Promise<SessionLookup> {
  return lookUpSessionSoon(readRepositories(db).sessions, request, now);
}

/**
 * The organisation administrator signed in on a public route's request, or null: an active session of an
 * administrator that a member or admin route would let through (no trial, not locked by the screen lock,
 * no password change pending). For a public route that tells an administrator more than anyone else.
 */
export async function signedInAdministrator(
  db: Kysely<Database>,
  request: FastifyRequest,
  now: number,
): Promise<{ orgId: number; accountId: number } | null> {
  const found = await lookUpSession(db, request, now);
  if (found.state !== 'active') return null;
  const { session, account } = found;
  const usable =
    account.is_org_admin === 1 &&
    session.loginMode !== 'trial' &&
    trialState(session.trialExpiresAt, now) !== 'expired' &&
    session.lockedAt === null &&
    storedPasswordChangeReason(session.passwordChangeReason) === null &&
    account.must_change_password !== 1;
  return usable ? { orgId: Number(account.org_id), accountId: Number(account.id) } : null;
}

/** Resolves the session cookie and enforces each route's declared access. */
export const sessionPlugin = fp<SessionPluginOptions>(async (app: FastifyInstance, options) => {
  // Cookie names and Secure follow request.overTls, and the cross-site check request.portalOrigin.
  if (!app.hasRequestDecorator('portalOrigin')) throw new Error('register portalOriginPlugin first');
  app.decorateRequest('session', null);

  /**
   * Lets the request through with its session, or refuses it, once the lookup has answered: at once when
   * nothing has to be written or asked (most requests), else the promise of the write or question.
   */
  const admit = (
    request: FastifyRequest,
    reply: FastifyReply,
    config: RouteConfig,
    now: number,
    found: SessionLookup,
  ): Promise<void> | undefined => {
    if (found.state === 'noCookie') throw new ApiError(401, 'errors.auth.required');
    if (found.state !== 'active') {
      clearSessionCookies(request, reply);
      const trialOver = found.state !== 'unknown' && found.trialOver;
      throw new ApiError(401, trialOver ? 'errors.login.trialExpired' : UNUSABLE_KEYS[found.state]);
    }
    const { token, session, account } = found;
    const trial = session.loginMode === 'trial';
    // A trial sign-in ends with its organisation's trial: from then on it says so (SPEC §8).
    if (trial && (session.trialExpiresAt === null || now >= session.trialExpiresAt)) {
      clearSessionCookies(request, reply);
      throw new ApiError(401, 'errors.login.trialExpired');
    }
    // So does any other session of a trial organisation (its administrator's password sign-in, a chat
    // host's): it ends here, and a sign-in is refused until customer service extends the trial (trial:extend).
    if (!trial && trialState(session.trialExpiresAt, now) === 'expired') {
      return options.sessions.revoke(session.id, now).then(() => {
        clearSessionCookies(request, reply);
        throw new ApiError(401, 'errors.login.trialExpired');
      });
    }
    const signedIn: RequestSession = {
      id: session.id,
      accountId: Number(account.id),
      orgId: Number(account.org_id),
      isOrgAdmin: account.is_org_admin === 1,
      autoLogin: session.autoLogin,
      createdAt: session.createdAt,
      account,
      // An initial password set after sign-in (a reset ends sessions, so rarely) counts as well.
      // A trial sign-in proves the mobile number, not the password: it is never sent to change it; nor is
      // an SSO sign-in, which proves the identity provider's account (a member may never have had the password).
      passwordChangeReason:
        trial || session.loginMode === 'sso'
          ? null
          : (storedPasswordChangeReason(session.passwordChangeReason) ??
            (account.must_change_password === 1 ? 'initial' : null)),
      locked: session.lockedAt !== null,
      loginMode: session.loginMode,
      trialExpiresAt: session.trialExpiresAt,
      settingsVersion: session.settingsVersion,
    };
    request.session = signedIn;
    if (now - session.lastSeenAt < SESSION_TOUCH_INTERVAL_MS) return permit(signedIn, config);
    return options.sessions.touch(signedIn.id, now).then(() => {
      // Sliding auto-login: the persistent cookie is renewed with activity, never past the forced logout.
      if (signedIn.autoLogin) {
        setSessionCookies(
          request,
          reply,
          token,
          { ID: signedIn.accountId, RealName: account.real_name, Lang: account.lang },
          autoLoginCookieMaxAge(session.createdAt, now),
        );
      }
      return permit(signedIn, config);
    });
  };

  /** The route's own rules for the session: trial, screen lock, pending password change, role, openness. */
  const permit = (session: RequestSession, config: RouteConfig): Promise<void> | undefined => {
    if (session.loginMode === 'trial' && !config.allowForTrial)
      throw new ApiError(403, 'errors.trialSignIn.demoOnly');
    if (session.locked && !config.allowWhileLocked) throw new ApiError(403, 'errors.screenLock.locked');
    if (session.passwordChangeReason !== null && !config.allowDuringPasswordChange)
      throw new ApiError(403, 'errors.password.changeRequired');
    if ((config.access ?? 'member') === 'admin' && !session.isOrgAdmin)
      throw new ApiError(403, 'errors.auth.noPermission');
    if (!config.openness) return undefined;
    return options.opennessAuthorized(session.orgId).then((authorized) => {
      if (!authorized) throw new ApiError(403, 'errors.openness.notAuthorized');
    });
  };

  // A callback hook: a request whose session the database gives at once waits for nothing (see admit).
  app.addHook(
    'preValidation',
    callbackHook((request, reply) => {
      if (!isRoutedApiRequest(request)) return;
      const config = routeConfigOf(request);
      // Another site's page may not change anything here, signed or not, cookie or not (login CSRF too).
      // A read changes nothing: the portal's origin is not worked out for it.
      if (isStateChanging(request.method) || config.signed === true) {
        const site = {
          secFetchSite: header(request.headers['sec-fetch-site']),
          origin: header(request.headers.origin),
          host: request.portalOrigin ? hostOfOrigin(request.portalOrigin) : undefined,
        };
        if (isCrossSiteRequest(site)) throw new ApiError(400, 'errors.request.crossSite');
      }
      if ((config.access ?? 'member') === 'public') return;
      const now = options.now();
      const found = lookUpSessionSoon(options.sessions, request, now);
      if (found instanceof Promise) return found.then((later) => admit(request, reply, config, now, later));
      return admit(request, reply, config, now, found);
    }),
  );
});

/** The session of a route that declared member or admin access. */
export function requireSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw new ApiError(401, 'errors.auth.required');
  return request.session;
}

/** Who a signed-in administrator is in the operation log: their account and the name they go by. */
export function operatorOf(session: Pick<RequestSession, 'accountId' | 'account'>): Operator {
  return { id: session.accountId, name: session.account.real_name };
}

/** The context of a change an administrator makes in their organisation at `now`. */
export function changeContextOf(
  db: Kysely<Database>,
  session: Pick<RequestSession, 'orgId' | 'accountId' | 'account'>,
  now: number,
): OrgChangeContext {
  return { db, now, orgId: session.orgId, operator: operatorOf(session) };
}
