import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { captchaSchema } from '../../domain/schemas/password-reset';
import { ok } from '../plugins/envelope';
import { issueCaptcha } from '../services/captcha-service';
import type { RouteDeps } from './route-deps';

/** The captcha routes' options: the app's dependencies, and how captcha texts are chosen (tests pick them). */
export interface CaptchaRouteDeps extends RouteDeps {
  captchaText?: () => string;
}

/** GET /api/captcha: a new image captcha, for anyone, a limited number per address. */
export const captchaRoutes: FastifyPluginAsyncZod<CaptchaRouteDeps> = async (
  app,
  { db, now, captchaText },
) => {
  app.get(
    '/api/captcha',
    {
      config: { access: 'public' },
      schema: { response: withFailures({ 200: envelopeSchema(captchaSchema) }, [400, 429, 500]) },
    },
    async (request) => {
      const captcha = await issueCaptcha({ db }, request.ip, now(), captchaText?.());
      return ok({ CaptchaId: captcha.id, Image: captcha.image, ExpiresAt: captcha.expiresAt });
    },
  );
};
