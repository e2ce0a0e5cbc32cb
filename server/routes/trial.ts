import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODE_TTL_MS, MINUTE_MS } from '../../domain/constants';
import { translate } from '../core/translate';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import { applyTrialRequestSchema, sendTrialCodeRequestSchema } from '../../domain/schemas/trial';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { applyForTrial, sendTrialCode } from '../services/trial-service';
import type { CodeSendingRouteDeps } from './route-deps';

/**
 * The trial application (SPEC §7 Registration and trial), public and signed: a code to the applicant's
 * mobile number, then the form. Bad input 400, a replayed or unreadable request 409/413/415, 404 when the
 * register module is off, 429 over the send limits or the spam caps. Registration is this application
 * (SPEC §2: /register leads to /applyTrial), so SPEC's other names of the two calls lead here too: the code
 * at TemporaryUser/SendCode, the application at account/freeTrial, account/register and
 * TemporaryUser/RegisterApply.
 */
export const trialRoutes: FastifyPluginAsyncZod<CodeSendingRouteDeps> = async (
  app,
  { db, config, now, senders },
) => {
  const failures = [400, 404, 409, 413, 415, 429, 500] as const;
  const deps = {
    db,
    senders,
    onDeliveryFailure: (error: unknown) =>
      app.log.error({ err: error, channel: 'sms' }, 'a trial application code could not be delivered'),
  };
  // The module switch of the deployment: off, the trial application's endpoints do not exist.
  app.addHook('onRequest', async () => {
    if (!config.modules.register) throw new ApiError(404, 'errors.request.notFound');
  });

  for (const url of ['/api/verificationCode/applyTrialMobile', '/api/TemporaryUser/SendCode']) {
    app.post(
      url,
      {
        config: { access: 'public' },
        schema: {
          body: sendTrialCodeRequestSchema,
          response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, failures),
        },
      },
      async (request) => {
        const mobile = request.body.mobilePhone.trim();
        await sendTrialCode(deps, { mobile, ip: request.ip, language: request.language }, now());
        return ok(null, translate(request.language, 'trial.codeSent', { minutes: CODE_TTL_MS / MINUTE_MS }));
      },
    );
  }

  const applications = [
    '/api/account/applyTrial',
    '/api/account/freeTrial',
    '/api/account/register',
    '/api/TemporaryUser/RegisterApply',
  ];
  for (const url of applications) {
    app.post(
      url,
      {
        config: { access: 'public' },
        schema: {
          body: applyTrialRequestSchema,
          response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, failures),
        },
      },
      async (request) => {
        await applyForTrial(deps, { form: request.body, ip: request.ip, language: request.language }, now());
        return ok(null, translate(request.language, 'trial.submitted'));
      },
    );
  }
};
