import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { sessionInfoSchema } from '../../domain/schemas/account';
import { ssoLoginRequestSchema } from '../../domain/schemas/sso';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { clearSessionCookies, lookUpSession, requireSession, setSessionCookies } from '../plugins/session';
import type { SecretBox } from '../security/secret-box';
import { orgSessionSettingsOf } from '../services/org-config-service';
import { ssoDepsOf } from '../services/sso-settings-service';
import { buildSessionInfo } from '../presenters/session-info';
import type { SignedIn } from '../services/sign-in-service';
import { endSessionsOfLogoutRequest, endSessionWithSso } from '../services/sso-logout';
import { completeSsoFlow, ssoOrgOf, startSsoFlow, type SsoReturn } from '../services/sso-sign-in-service';
import type { RouteDeps } from './route-deps';

/** What the SSO routes need besides every route's: the secrets key (the client secret is sealed). */
export interface SsoRouteDeps extends RouteDeps {
  secrets: SecretBox;
}

/** Where the debug popup lands: the SSO screen, which shows the recorded result. */
const DEBUG_DONE = '/#/layout/sso/auth?debug=done';
/** Where a sign-in lands: the /sso page, which reads the new session and goes home. */
const SIGNED_IN = '/#/sso?signedIn=1';
/** Where an unlock lands: the same page, which reads the unlocked session and goes home. */
const UNLOCKED = '/#/sso?signedIn=1';

/** Where a sign-out at the identity provider lands: the /sso/logout page, which says so. */
const LOGGED_OUT = '/#/sso/logout?done=1';

/** A CAS single-logout request is a few hundred bytes of XML. */
const SLO_MAX_BYTES = 16 * 1024;

/** A redirect answers no body. */
const redirectSchema = z.null();

const callbackQuerySchema = z.object({
  state: z.string().max(200).default(''),
  code: z.string().max(2000).optional(),
  ticket: z.string().max(256).optional(),
  iss: z.string().max(1000).optional(),
  error: z.string().max(200).optional(),
});

/**
 * The SSO client's sign-in flow (SPEC §2 /sso, §3-§5): start, the identity provider's callback, POST
 * sso/login, unlock and logout. The administrator's configuration is in sso-settings.ts.
 */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRouteDeps> = async (app, routeDeps) => {
  const { db, config, now } = routeDeps;
  const deps = ssoDepsOf(routeDeps);
  const attemptOf = (request: { ip: string; headers: Record<string, unknown>; language: string }) => ({
    autoLogin: false,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  const sessionOf = async (signedIn: SignedIn) => {
    const orgSettings = await orgSessionSettingsOf(db, config.modules, signedIn.account.org_id);
    return buildSessionInfo(signedIn.account, signedIn, signedIn.passwordChangeReason, orgSettings);
  };

  // The lock screen of a session an SSO sign-in started: the member has no password to type, so the identity
  // provider unlocks (the same identity must come back to this browser's session). A password sign-in 409.
  app.get(
    '/api/sso/unlock',
    {
      config: { allowWhileLocked: true },
      schema: { response: withFailures({ 302: redirectSchema }, [400, 401, 403, 404, 409, 500]) },
    },
    async (request, reply) => {
      const session = requireSession(request);
      if (session.loginMode !== 'sso') throw new ApiError(409, 'errors.sso.notSsoSession');
      const to = await startSsoFlow(
        deps,
        { orgId: session.orgId, purpose: 'unlock', accountId: session.accountId, sessionId: session.id },
        request.portalOrigin,
        now(),
      );
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  );

  // The sign-in address /#/sso?orgId= comes here; without orgId, the deployment's one SSO organisation.
  app.get(
    '/api/sso/start',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ orgId: z.coerce.number().int().positive().optional() }),
        response: withFailures({ 302: redirectSchema }, [400, 500]),
      },
    },
    async (request, reply) => {
      try {
        const orgId = await ssoOrgOf(deps, request.query.orgId);
        const to = await startSsoFlow(
          deps,
          { orgId, purpose: 'signIn', accountId: null },
          request.portalOrigin,
          now(),
        );
        return reply.header('cache-control', 'no-store').redirect(to, 302);
      } catch (error) {
        if (error instanceof ApiError) return reply.redirect(errorPage(error), 302);
        throw error;
      }
    },
  );

  // The identity provider returns here (OAuth code or CAS ticket). Always a redirect to the portal's own
  // pages, never to an address of the request: the home, the debug result or /sso/error in words.
  app.get(
    '/api/sso/callback',
    {
      config: { access: 'public' },
      schema: {
        querystring: callbackQuerySchema,
        response: withFailures({ 302: redirectSchema }, [400, 500]),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        // The browser's own session, if it has one open (an unlock flow must return to it).
        const found = await lookUpSession(db, request, now());
        const outcome = await completeSsoFlow(
          deps,
          request.query as SsoReturn,
          request.portalOrigin,
          attemptOf(request),
          now,
          found.state === 'active' ? found.session.id : undefined,
        );
        if (outcome.kind === 'debugged') return reply.redirect(DEBUG_DONE, 302);
        if (outcome.kind === 'unlocked') return reply.redirect(UNLOCKED, 302);
        const info = await sessionOf(outcome.signedIn);
        const { ID, RealName } = info.AccountInfo;
        setSessionCookies(request, reply, outcome.signedIn.token, { ID, RealName, Lang: info.Lang }, null);
        return reply.redirect(SIGNED_IN, 302);
      } catch (error) {
        if (error instanceof ApiError) return reply.redirect(errorPage(error), 302);
        throw error;
      }
    },
  );

  // CAS single logout: the CAS server POSTs a logoutRequest form field to the service address (the callback),
  // naming the ticket the session signed in with; that session ends. Always 200 (protocol Appendix C), so the
  // answer tells nothing of which tickets had sessions.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: SLO_MAX_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(
    '/api/sso/callback',
    {
      config: { access: 'public', backChannel: true },
      schema: {
        body: z.object({ logoutRequest: z.string().max(SLO_MAX_BYTES) }),
        response: withFailures({ 200: envelopeSchema(z.null()) }, [400, 413, 415, 500]),
      },
    },
    async (request) => {
      await endSessionsOfLogoutRequest(deps.db, request.body.logoutRequest, now());
      return ok(null);
    },
  );

  // SPEC §7 POST sso/login: the same completion for a client that holds the code or ticket itself.
  app.post(
    '/api/sso/login',
    {
      config: { access: 'public' },
      schema: {
        body: ssoLoginRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(sessionInfoSchema) },
          [400, 401, 403, 404, 413, 415, 429, 500, 503],
        ),
      },
    },
    async (request, reply) => {
      const outcome = await completeSsoFlow(
        deps,
        request.body,
        request.portalOrigin,
        attemptOf(request),
        now,
      );
      if (outcome.kind !== 'signedIn') throw new ApiError(400, 'errors.sso.stateRejected');
      // (an unlock flow is completed by its browser at the callback only)
      const info = await sessionOf(outcome.signedIn);
      const { ID, RealName } = info.AccountInfo;
      setSessionCookies(request, reply, outcome.signedIn.token, { ID, RealName, Lang: info.Lang }, null);
      return ok(info);
    },
  );

  // /sso/logout: ends the portal session and answers the identity provider's logout address, if it has one.
  app.post(
    '/api/sso/logout',
    {
      config: { allowDuringPasswordChange: true, allowWhileLocked: true },
      schema: {
        response: withFailures(
          { 200: envelopeSchema(z.object({ logoutUrl: z.string().nullable() })) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      // The browser forgets the session even when the identity provider's address cannot be read.
      clearSessionCookies(request, reply);
      return ok({ logoutUrl: await endSessionWithSso(deps, session, request.portalOrigin, now()) });
    },
  );

  // An OpenID provider's sign-out returns here (its registered post-logout address has no fragment): the
  // portal's /sso/logout page.
  app.get(
    '/api/sso/logged-out',
    { config: { access: 'public' }, schema: { response: withFailures({ 302: redirectSchema }, [400, 500]) } },
    async (_request, reply) => reply.header('cache-control', 'no-store').redirect(LOGGED_OUT, 302),
  );
};

/** The portal's error page for a failed flow, naming the error by its key (the page puts it in words). */
function errorPage(error: ApiError): string {
  return `/#/sso/error?reason=${encodeURIComponent(error.key)}`;
}
