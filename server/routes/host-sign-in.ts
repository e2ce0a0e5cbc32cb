import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionInfoSchema } from '../../domain/schemas/account';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  hostAuthorizeUrlRequestSchema,
  hostAuthorizeUrlSchema,
  hostBindRequestSchema,
  hostBindResultSchema,
  hostSignInRequestSchema,
} from '../../domain/schemas/host-sign-in';
import type { HostApis } from '../integrations/host-apis';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import type { SecretBox } from '../security/secret-box';
import { bindHostIdentity, hostAuthorizeUrl, signInInHost } from '../services/host-sign-in-service';
import { orgSessionSettingsOf } from '../services/org-config-service';
import { signInDepsOf } from '../services/sign-in-service';
import { answerSession } from './auth';
import type { RouteDeps } from './route-deps';

/** What the host routes need besides every route's: the platforms' clients and the secrets. */
export interface HostRouteDeps extends RouteDeps {
  hostApis: HostApis;
  secrets: SecretBox;
}

/** Sign-in inside DingTalk, Feishu, WeCom and WeChat, and linking a host identity to an account (DESIGN §6). */
export const hostSignInRoutes: FastifyPluginAsyncZod<HostRouteDeps> = async (app, deps) => {
  const { db, config, now, hostApis, secrets } = deps;
  const signInDeps = signInDepsOf(db);

  // Bad input 400, a refused code or state 401, no integration or no account (with a bind ticket) 403,
  // too many attempts 429, the platform unreachable 503, besides the failures of any signed POST. SPEC §7
  // also names it users/isAuthorizeLogin (the material service's sign-in inside a host).
  for (const url of ['/api/account/isAuthorizeLogin', '/api/users/isAuthorizeLogin']) {
    app.post(
      url,
      {
        config: { access: 'public' },
        schema: {
          body: hostSignInRequestSchema,
          response: withFailures(
            { 200: envelopeSchema(sessionInfoSchema) },
            [400, 401, 403, 409, 413, 415, 429, 500, 503],
          ),
        },
      },
      async (request, reply) => {
        const { autoLogin, lang, ...input } = request.body;
        const signedIn = await signInInHost(
          {
            ...signInDeps,
            apis: hostApis,
            secrets,
            timeoutMs: config.hostApis.timeoutMs,
            warn: (message) => request.log.warn(message),
          },
          {
            autoLogin,
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
            chosenLanguage: lang,
            browserLanguage: request.language,
          },
          input,
          now,
        );
        const orgSettings = await orgSessionSettingsOf(db, config.modules, signedIn.account.org_id);
        return ok(answerSession(request, reply, signedIn, null, now(), orgSettings));
      },
    );
  }

  // A ticket that is unknown, expired, used or of another organisation 400; the identity bound to
  // another account 409. Open while the password must be changed: the link does not depend on it.
  app.post(
    '/api/account/bindHost',
    {
      config: { access: 'member', allowDuringPasswordChange: true },
      schema: {
        body: hostBindRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(hostBindResultSchema) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const platform = await bindHostIdentity(db, session, request.body.bindTicket, now());
      return ok({ platform });
    },
  );

  // No enabled integration 403; a redirect URI that is not the portal's 400.
  app.post(
    '/api/host/authorizeUrl',
    {
      config: { access: 'public' },
      schema: {
        body: hostAuthorizeUrlRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(hostAuthorizeUrlSchema) },
          [400, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const url = await hostAuthorizeUrl(
        db,
        config.hostApis.weixinOauth,
        request.body,
        // The portal's origin alone: PUBLIC_URL's when set, so a forged Host cannot name another.
        request.portalOrigin,
        now(),
      );
      return ok({ url });
    },
  );
};
