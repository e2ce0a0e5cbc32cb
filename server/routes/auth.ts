import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autoLoginCookieMaxAge } from '../../domain/rules/session-lifetime';
import { loginRequestSchema, sessionInfoSchema } from '../../domain/schemas/account';
import { emptyDataSchema, envelopeSchema } from '../../domain/schemas/common';
import { ApiError } from '../errors';
import { ok } from '../plugins/envelope';
import { clearSessionCookies, requireSession, setSessionCookies } from '../plugins/session';
import { buildSessionInfo, passwordChangeReason } from '../services/session-info';
import { signInWithPassword } from '../services/sign-in-service';
import type { RouteDeps } from './route-deps';

/** Sign-in, sign-out and the current session (SPEC §7 Auth). */
export const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, repos, now }) => {
  const sessionResponse = { 200: envelopeSchema(sessionInfoSchema) };

  for (const url of ['/api/account/login', '/api/account/loginV2']) {
    app.post(
      url,
      { config: { access: 'public' }, schema: { body: loginRequestSchema, response: sessionResponse } },
      async (request, reply) => {
        const body = request.body;
        const signedIn = await signInWithPassword(
          db,
          {
            account: body.account,
            password: body.password,
            autoLogin: body.autoLogin,
            productType: body.productType,
            loginClient: body.loginClient,
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
          },
          now(),
        );
        const maxAge = signedIn.autoLogin ? autoLoginCookieMaxAge(signedIn.createdAt, now()) : null;
        const info = buildSessionInfo(
          signedIn.account,
          signedIn,
          passwordChangeReason(signedIn.account, body.password),
        );
        const { ID, RealName } = info.AccountInfo;
        setSessionCookies(request, reply, signedIn.token, { ID, RealName, Lang: info.Lang }, maxAge);
        return ok(info);
      },
    );
  }

  app.post(
    '/api/account/logout',
    { schema: { response: { 200: envelopeSchema(emptyDataSchema) } } },
    async (request, reply) => {
      const session = requireSession(request);
      await repos.sessions.revoke(session.id, now());
      clearSessionCookies(reply);
      return ok(null);
    },
  );

  app.get('/api/account/current', { schema: { response: sessionResponse } }, async (request) => {
    const session = requireSession(request);
    const account = await repos.accounts.findWithOrganization(session.orgId, session.accountId);
    if (!account) throw new ApiError(401, 'errors.auth.required');
    return ok(buildSessionInfo(account, session, passwordChangeReason(account, null)));
  });
};
