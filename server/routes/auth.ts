import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOGIN_TYPES } from '../../domain/constants';
import { autoLoginCookieMaxAge } from '../../domain/rules/session-lifetime';
import { loginRequestSchema, type SessionInfo, sessionInfoSchema } from '../../domain/schemas/account';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import { loginAnswerSchema } from '../../domain/schemas/secondary-verification';
import { deviceIdOf, setDeviceCookie } from '../plugins/device-cookie';
import { ok } from '../plugins/envelope';
import { withRequestNonce } from '../plugins/request-signing';
import { clearSessionCookies, requireSession, setSessionCookies } from '../plugins/session';
import type { CodeChannels } from '../services/secondary-verification-service';
import type { OrgSessionSettings } from '../../domain/schemas/org-config';
import { orgSessionSettingsOf } from '../services/org-config-service';
import { createOrgSettingsCache } from '../services/org-settings-cache';
import { buildSessionInfo, sessionInfoAnswers } from '../presenters/session-info';
import type { SignedIn } from '../services/session-start';
import { signInWithDirectory } from '../services/ldap-sign-in-service';
import { signInDepsOf, signInWithPassword } from '../services/sign-in-service';
import { endSession } from '../services/sign-out-service';
import { currentTermsVersion } from '../services/terms-service';
import type { RouteDeps } from './route-deps';

/**
 * Answers a started session: its cookies (auto-login keeps them a day, else until the browser closes),
 * the device cookie (null: the sign-in names no device, as inside a host app), and the account state the
 * client keeps (with its organisation's settings in force).
 */
export function answerSession(
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: SignedIn,
  deviceId: string | null,
  now: number,
  orgSettings: OrgSessionSettings,
): SessionInfo {
  const maxAge = signedIn.autoLogin ? autoLoginCookieMaxAge(signedIn.createdAt, now) : null;
  // A domain account's password is the directory's business: its sign-in forces no change.
  const info = buildSessionInfo(signedIn.account, signedIn, signedIn.passwordChangeReason, orgSettings);
  const { ID, RealName } = info.AccountInfo;
  setSessionCookies(request, reply, signedIn.token, { ID, RealName, Lang: info.Lang }, maxAge);
  if (deviceId !== null) setDeviceCookie(request, reply, deviceId);
  return info;
}

/** What Fastify answers a serialised JSON payload with. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The auth routes' options: the app's dependencies and the ways a security verification code can go. */
export interface AuthRouteDeps extends RouteDeps {
  codeChannels: CodeChannels;
}

/** Sign-in, sign-out and the current session (SPEC §7 Auth). */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (
  app,
  { db, config, now, outbound, codeChannels },
) => {
  const sessionResponse = { 200: envelopeSchema(sessionInfoSchema) };
  // The session, or the security verification still to pass. Wrong credentials or a captcha required 401,
  // a wrong or expired captcha 400, locked or no phone or email for the verification 403, too many
  // attempts 429, a directory that cannot be reached 503, besides the failures of any signed POST.
  // Shared by the sign-in and the session info: both name the organisation's settings version.
  const settingsOf = createOrgSettingsCache(db, config.modules);
  const signInDeps = signInDepsOf(db, codeChannels);
  const loginResponse = withFailures(
    { 200: envelopeSchema(loginAnswerSchema) },
    [400, 401, 403, 409, 413, 415, 429, 500, 503],
  );

  for (const url of ['/api/account/login', '/api/account/loginV2']) {
    app.post(
      url,
      {
        // The request's nonce is written in the sign-in's own commit (request-signing.ts).
        config: { access: 'public', nonceWithWrites: true },
        schema: { body: loginRequestSchema, response: loginResponse },
      },
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
          deviceId: deviceIdOf(request),
          chosenLanguage: body.lang,
          browserLanguage: request.language,
          // The sign-in agreed to the terms (the body says so, or it was refused): recorded with the session.
          termsVersion: currentTermsVersion(config.contentDir, now()),
        };
        const outcome = await withRequestNonce(request, (nonce) =>
          body.loginType === LOGIN_TYPES.ad
            ? signInWithDirectory(
                { ...signInDeps, timeoutMs: config.ldapTimeoutMs, outbound },
                { ...attempt, nonce },
                now(),
              )
            : signInWithPassword(signInDeps, { ...attempt, nonce }, now()),
        );
        if ('pending' in outcome) {
          // No session yet: the page at /mobileVerify asks for a code with this challenge.
          setDeviceCookie(request, reply, attempt.deviceId);
          return ok({
            SecondaryVerify: {
              Token: outcome.token,
              ExpiresAt: outcome.expiresAt,
              Channels: outcome.channels,
            },
          });
        }
        const { org_id: orgId, org_settings_version: version } = outcome.account;
        const orgSettings =
          version === undefined
            ? await orgSessionSettingsOf(db, config.modules, orgId)
            : await settingsOf(orgId, Number(version));
        return ok(answerSession(request, reply, outcome, attempt.deviceId, now(), orgSettings));
      },
    );
  }

  app.post(
    '/api/account/logout',
    {
      // Sign-out works from the lock screen and for a trial sign-in as well.
      config: { allowDuringPasswordChange: true, allowWhileLocked: true, allowForTrial: true },
      schema: {
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, [400, 401, 409, 413, 415, 500]),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await endSession(db, session.id, now());
      clearSessionCookies(request, reply);
      return ok(null);
    },
  );

  const currentResponse = withFailures(sessionResponse, [400, 401, 500]);
  const answers = sessionInfoAnswers();
  app.get(
    '/api/account/current',
    {
      // The session info says whether the screen is locked and whether this is a trial sign-in.
      config: { allowDuringPasswordChange: true, allowWhileLocked: true, allowForTrial: true },
      schema: { response: currentResponse },
    },
    // Not async: with the organisation's settings already read, the answer goes out without a promise.
    (request, reply) => {
      const session = requireSession(request);
      const send = (orgSettings: OrgSessionSettings) => {
        const bytes = answers(session.account, session, session.passwordChangeReason, orgSettings, (info) =>
          Buffer.from(reply.serialize(ok(info)) as string),
        );
        // The same bytes and content type as Fastify's own answer through the response schema (a Buffer
        // is sent as it is, so the schema's type does not describe it).
        reply.type(JSON_CONTENT_TYPE).send(bytes as never);
      };
      const known = settingsOf.now(session.orgId, session.settingsVersion);
      if (known) send(known);
      else return settingsOf(session.orgId, session.settingsVersion).then(send);
    },
  );
};
