import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODE_TTL_MS, MINUTE_MS } from '../../domain/constants';
import { resolveLanguage } from '../../domain/i18n';
import { translate, translateIfKnown } from '../core/translate';
import { trialState } from '../../domain/rules/trial-sign-in';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  trialLoginAnswerSchema,
  trialLoginRequestSchema,
  trialSendCodeRequestSchema,
} from '../../domain/schemas/trial-sign-in';
import { ApiError } from '../core/errors';
import { deviceIdOf, setDeviceCookie } from '../plugins/device-cookie';
import { ok } from '../plugins/envelope';
import { lookUpSession, setSessionCookies } from '../plugins/session';
import { type DemoSiteViewer, renderDemoSitePage } from '../presenters/demo-site-page';
import { sendTrialSignInCode, signInForTrial } from '../services/trial-sign-in-service';
import { accountProducts } from '../services/products-service';
import type { CodeSendingRouteDeps } from './route-deps';

/**
 * Trial sign-in (SPEC §7 Auth: TemporaryUser/Trial/SendCode and /Login) for the accounts of approved trial
 * applications, and the portal's demo site the trial sign-in is restricted to (GET /demo-site). Public and
 * signed; bad input 400, a locked account or a trial that is over 403, 404 while the trial module
 * (MODULE_REGISTER) is off, too many codes or attempts 429.
 */
export const trialSignInRoutes: FastifyPluginAsyncZod<CodeSendingRouteDeps> = async (
  app,
  { db, config, now, senders },
) => {
  const failures = [400, 403, 404, 409, 413, 415, 429, 500] as const;
  // The trial module (MODULE_REGISTER) of the deployment: off, the trial sign-in does not exist either.
  const requireTrialModule = () => {
    if (!config.modules.register) throw new ApiError(404, 'errors.request.notFound');
  };
  const deps = {
    db,
    senders,
    onDeliveryFailure: (error: unknown) =>
      app.log.error({ err: error, channel: 'sms' }, 'a trial sign-in code could not be delivered'),
  };

  app.post(
    '/api/TemporaryUser/Trial/SendCode',
    {
      config: { access: 'public' },
      schema: {
        body: trialSendCodeRequestSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, failures),
      },
    },
    async (request) => {
      requireTrialModule();
      const mobile = request.body.mobilePhone.trim();
      await sendTrialSignInCode(deps, { mobile, ip: request.ip, language: request.language }, now());
      return ok(
        null,
        translate(request.language, 'trialSignIn.codeSent', { minutes: CODE_TTL_MS / MINUTE_MS }),
      );
    },
  );

  app.post(
    '/api/TemporaryUser/Trial/Login',
    {
      config: { access: 'public' },
      schema: {
        body: trialLoginRequestSchema,
        response: withFailures({ 200: envelopeSchema(trialLoginAnswerSchema) }, failures),
      },
    },
    async (request, reply) => {
      requireTrialModule();
      const attempt = {
        mobile: request.body.mobilePhone.trim(),
        code: request.body.verificationCode,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        loginClient: request.body.loginClient,
        chosenLanguage: request.body.lang,
        browserLanguage: request.language,
      };
      const signedIn = await signInForTrial(deps, attempt, now());
      const { account } = signedIn;
      // Cookies until the browser closes (no auto-login); the client reads its state from account/current.
      const display = { ID: Number(account.id), RealName: account.real_name, Lang: account.lang };
      setSessionCookies(request, reply, signedIn.token, display, null);
      setDeviceCookie(request, reply, deviceIdOf(request));
      return ok({ LoginMode: 'trial' as const, TrialExpiresAt: signedIn.trialExpiresAt ?? now() });
    },
  );

  // A page, not an API answer: it reads the session cookie only to know whose trial it shows.
  app.get('/demo-site', async (request, reply) => {
    const at = now();
    const found = await lookUpSession(db, request, at);
    let viewer: DemoSiteViewer | 'expired' | null = null;
    let language = request.language;
    if (found.state === 'active' && found.session.loginMode === 'trial') {
      const { account, session } = found;
      language = resolveLanguage(account.lang);
      if (trialState(session.trialExpiresAt, at) !== 'running') viewer = 'expired';
      else {
        const products = await accountProducts(db, account.org_id, account.id);
        viewer = {
          name: account.real_name,
          orgName: account.org_name,
          trialEndsAt: session.trialExpiresAt ?? at,
          products: products
            .filter((product) => product.authorized)
            .map((product) => ({
              name: translateIfKnown(language, `products.${product.code}.name`),
              url: `demo-product/${encodeURIComponent(product.code)}`,
            })),
        };
      }
    }
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderDemoSitePage({ language, viewer }));
  });
};
