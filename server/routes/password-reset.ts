import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  resetGrantSchema,
  resetOptionsSchema,
  resetPasswordRequestSchema,
  sendResetCodeRequestSchema,
  verifyResetCodeRequestSchema,
  verifyResetOldPasswordRequestSchema,
} from '../../domain/schemas/password-reset';
import { translate } from '../core/translate';
import { CODE_TTL_MS, MINUTE_MS } from '../../domain/constants';
import { presentPasswordRules } from '../../domain/rules/password-policy';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import {
  offeredResetCodeTypes,
  resetPassword,
  sendResetCode,
  verifyResetCode,
} from '../services/password-reset-service';
import { verifyOldPasswordForReset } from '../services/reset-by-old-password';
import { type CodeSendingRouteDeps, logCodeDeliveryFailure } from './route-deps';

/**
 * The forgotten-password wizard (SPEC §7 Password), public and signed. Bad input 400, a replayed or
 * unreadable request 409/413/415, 404 when the reset module is off, 429 'too frequent'.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod<CodeSendingRouteDeps> = async (
  app,
  { db, config, now, senders },
) => {
  const failures = [400, 404, 409, 413, 415, 429, 500] as const;
  const deps = {
    db,
    senders,
    deployment: config.deployment,
    onDeliveryFailure: logCodeDeliveryFailure(app.log),
  };
  // The module switch of the deployment: off, the wizard's endpoints do not exist.
  app.addHook('onRequest', async () => {
    if (!config.modules.reset) throw new ApiError(404, 'errors.request.notFound');
  });

  app.get(
    '/api/Account/ModifyPassword/Options',
    {
      config: { access: 'public' },
      schema: { response: withFailures({ 200: envelopeSchema(resetOptionsSchema) }, [400, 404, 500]) },
    },
    async () => ok({ CodeTypes: offeredResetCodeTypes(deps) }),
  );

  app.post(
    '/api/Account/ModifyPassword/SendCode',
    {
      config: { access: 'public' },
      schema: {
        body: sendResetCodeRequestSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, failures),
      },
    },
    async (request) => {
      const { account, codeType, captchaId, validCode } = request.body;
      await sendResetCode(deps, { account, codeType, captchaId, captcha: validCode, ip: request.ip }, now());
      return ok(null, translate(request.language, 'reset.codeSent', { minutes: CODE_TTL_MS / MINUTE_MS }));
    },
  );

  app.post(
    '/api/Account/Code/Verify',
    {
      config: { access: 'public' },
      schema: {
        body: verifyResetCodeRequestSchema,
        response: withFailures({ 200: envelopeSchema(resetGrantSchema) }, failures),
      },
    },
    async (request) => {
      const grant = await verifyResetCode(
        deps,
        { account: request.body.Account, code: request.body.VerificationCode },
        now(),
      );
      return ok({
        ResetToken: grant.token,
        ExpiresAt: grant.expiresAt,
        PwdRules: presentPasswordRules(grant.policy),
      });
    },
  );

  // The old-password way (SPEC §3): the same reset token as a verified code. A wrong password 401 and a
  // locked account 403, exactly as at sign-in; SSO enforced 403, self-service reset off 400.
  app.post(
    '/api/Account/ModifyPassword/VerifyOldPassword',
    {
      config: { access: 'public' },
      schema: {
        body: verifyResetOldPasswordRequestSchema,
        response: withFailures({ 200: envelopeSchema(resetGrantSchema) }, [401, 403, ...failures]),
      },
    },
    async (request) => {
      const { Account, OldPassword, captchaId, validCode } = request.body;
      const grant = await verifyOldPasswordForReset(
        { db },
        {
          account: Account,
          oldPassword: OldPassword,
          captchaId,
          captcha: validCode,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        },
        now(),
      );
      return ok({
        ResetToken: grant.token,
        ExpiresAt: grant.expiresAt,
        PwdRules: presentPasswordRules(grant.policy),
      });
    },
  );

  app.put(
    '/api/account/password/reset',
    {
      config: { access: 'public' },
      schema: {
        body: resetPasswordRequestSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, failures),
      },
    },
    async (request) => {
      await resetPassword(deps, request.body, now());
      return ok(null);
    },
  );
};
