import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODE_TTL_MS, MINUTE_MS } from '../../domain/constants';
import { translate } from '../core/translate';
import { sessionInfoSchema } from '../../domain/schemas/account';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  secondaryVerificationSettingResponseSchema,
  secondaryVerificationSettingSchema,
  secondaryVerifyRequestSchema,
  sendSecondaryCodeRequestSchema,
} from '../../domain/schemas/secondary-verification';
import { deviceIdOf } from '../plugins/device-cookie';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import {
  finishChallenge,
  saveSecondaryVerificationMode,
  secondaryVerificationSetting,
  sendChallengeCode,
} from '../services/secondary-verification-service';
import { orgSessionSettingsOf } from '../services/org-config-service';
import { currentTermsVersion } from '../services/terms-service';
import { answerSession } from './auth';
import type { CodeSendingRouteDeps } from './route-deps';

/**
 * Security verification at sign-in (SPEC §7 Auth): the code of a right password's challenge and the
 * sign-in it finishes, public and signed; and the organisation's setting, for its administrators.
 */
export const secondaryVerificationRoutes: FastifyPluginAsyncZod<CodeSendingRouteDeps> = async (
  app,
  { db, config, now, senders },
) => {
  const deps = {
    db,
    senders,
    onDeliveryFailure: (error: unknown) =>
      app.log.error({ err: error }, 'a sign-in verification code could not be delivered'),
  };
  // A dead, used, expired or foreign challenge and a wrong code 400, too many sends 429, besides the
  // failures of any signed POST.
  const failures = [400, 409, 413, 415, 429, 500] as const;

  app.post(
    '/api/Account/Login/SecondaryVerify/SendCode',
    {
      config: { access: 'public' },
      schema: {
        body: sendSecondaryCodeRequestSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, failures),
      },
    },
    async (request) => {
      const channel = await sendChallengeCode(
        deps,
        { token: request.body.Token, codeType: request.body.CodeType, ip: request.ip },
        now(),
      );
      const minutes = CODE_TTL_MS / MINUTE_MS;
      return ok(
        null,
        translate(request.language, 'secondaryVerification.codeSent', { target: channel.Masked, minutes }),
      );
    },
  );

  app.post(
    '/api/Account/Login/Secondary',
    {
      config: { access: 'public' },
      schema: {
        body: secondaryVerifyRequestSchema,
        // 403 besides: the address the IP whitelist refuses, or a trial that ended before the code came.
        response: withFailures({ 200: envelopeSchema(sessionInfoSchema) }, [...failures, 403]),
      },
    },
    async (request, reply) => {
      const deviceId = deviceIdOf(request);
      const signedIn = await finishChallenge(
        deps,
        {
          token: request.body.Token,
          code: request.body.VerificationCode,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          deviceId,
          chosenLanguage: request.body.Lang,
          browserLanguage: request.language,
          // The sign-in agreed to the terms with its password step: recorded with the session it starts.
          termsVersion: currentTermsVersion(config.contentDir, now()),
        },
        now(),
      );
      const orgSettings = await orgSessionSettingsOf(db, config.modules, signedIn.account.org_id);
      return ok(answerSession(request, reply, signedIn, deviceId, now(), orgSettings));
    },
  );

  const settingResponse = { 200: envelopeSchema(secondaryVerificationSettingResponseSchema) };
  app.get(
    '/api/organizationConfig/secondaryVerification',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: { response: withFailures(settingResponse, [400, 401, 403, 500]) },
    },
    async (request) => ok(await secondaryVerificationSetting(db, requireSession(request).orgId)),
  );

  app.put(
    '/api/organizationConfig/secondaryVerification',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: secondaryVerificationSettingSchema,
        response: withFailures(settingResponse, [400, 401, 403, 409, 413, 415, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const at = now();
      await saveSecondaryVerificationMode(changeContextOf(db, session, at), request.body.mode);
      return ok({ mode: request.body.mode, updatedAt: at });
    },
  );
};
