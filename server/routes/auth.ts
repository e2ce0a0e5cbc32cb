import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOGIN_TYPES } from '../../domain/constants';
import { autoLoginCookieMaxAge } from '../../domain/rules/session-lifetime';
import { loginRequestSchema, sessionInfoSchema } from '../../domain/schemas/account';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import { ok } from '../plugins/envelope';
import { clearSessionCookies, requireSession, setSessionCookies } from '../plugins/session';
import { buildSessionInfo } from '../services/session-info';
import { signInWithDirectory } from '../services/ldap-sign-in-service';
import { signInWithPassword } from '../services/sign-in-service';
import type { RouteDeps } from './route-deps';

/** Sign-in, sign-out and the current session (SPEC §7 Auth). */
export const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, repos, config, now }) => {
  const sessionResponse = { 200: envelopeSchema(sessionInfoSchema) };
  // Wrong credentials or a captcha required 401, a wrong or expired captcha 400, locked 403, too many
  // attempts 429, a directory that cannot be reached 503, besides the failures of any signed POST.
  const loginResponse = withFailures(sessionResponse, [400, 401, 403, 409, 413, 415, 429, 500, 503]);

  for (const url of ['/api/account/login', '/api/account/loginV2']) {
    app.post(
      url,
      { config: { access: 'public' }, schema: { body: loginRequestSchema, response: loginResponse } },
      async (request, reply) => {
        const body = request.body;
        const attempt = {
          account: body.account,
          password: body.password,
          autoLogin: body.autoLogin,
          productType: body.productType,
          loginClient: body.loginClient,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          captcha:
            body.captchaId !== undefined && body.captcha !== undefined
              ? { id: body.captchaId, answer: body.captcha }
              : null,
        };
        const domainLogin = body.loginType === LOGIN_TYPES.ad;
        const signedIn = domainLogin
          ? await signInWithDirectory({ db, repos, timeoutMs: config.ldapTimeoutMs }, attempt, now())
          : await signInWithPassword({ db, repos }, attempt, now());
        const maxAge = signedIn.autoLogin ? autoLoginCookieMaxAge(signedIn.createdAt, now()) : null;
        // A domain account's password is the directory's business: its sign-in forces no change.
        const info = buildSessionInfo(signedIn.account, signedIn, signedIn.passwordChangeReason);
        const { ID, RealName } = info.AccountInfo;
        setSessionCookies(request, reply, signedIn.token, { ID, RealName, Lang: info.Lang }, maxAge);
        return ok(info);
      },
    );
  }

  app.post(
    '/api/account/logout',
    {
      config: { allowDuringPasswordChange: true },
      schema: {
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, [400, 401, 409, 413, 415, 500]),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await repos.sessions.revoke(session.id, now());
      clearSessionCookies(request, reply);
      return ok(null);
    },
  );

  const currentResponse = withFailures(sessionResponse, [400, 401, 500]);
  app.get(
    '/api/account/current',
    { config: { allowDuringPasswordChange: true }, schema: { response: currentResponse } },
    async (request) => {
      const session = requireSession(request);
      return ok(buildSessionInfo(session.account, session, session.passwordChangeReason));
    },
  );
};
