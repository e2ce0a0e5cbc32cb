import { sql } from 'kysely';
import { currentTermsVersion } from '../services/terms-service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { clientConfigSchema } from '../../domain/schemas/client-config';
import { healthSchema } from '../../domain/schemas/health';
import { PORTAL_DEMO_SITE_PATH } from '../../domain/rules/trial-sign-in';
import { within } from '../core/within';
import { ok } from '../plugins/envelope';
import { storedFooter } from '../services/footer-service';
import { domainLoginOffered } from '../services/ldap-settings-service';
import type { RouteDeps } from './route-deps';

/** How long the health answer waits to say whether the database answers. */
const HEALTH_DATABASE_CHECK_MS = 1000;

/** Health for load balancers and the client's boot configuration. */
export const systemRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, now }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { response: withFailures({ 200: envelopeSchema(healthSchema) }, [400, 500]) },
    },
    async () => {
      // Liveness: the process answers whatever the database does (a restart would not bring it back);
      // whether the instance should get requests is /api/ready's question.
      const database = await within(sql`select 1`.execute(db), HEALTH_DATABASE_CHECK_MS).then(
        () => 'ok' as const,
        () => 'down' as const,
      );
      return ok({ status: 'ok' as const, database, version: config.version });
    },
  );

  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: { response: withFailures({ 200: envelopeSchema(clientConfigSchema) }, [400, 500]) },
    },
    async () =>
      ok({
        version: config.version,
        signingKey: config.signingKey,
        deployment: config.deployment,
        ssoLoginUrl: config.ssoLoginUrl,
        ssoLoginHosts: config.ssoLoginHosts,
        feishuSdkUrl: config.feishuSdkUrl,
        drawToolUrl: config.drawToolUrl,
        modules: config.modules,
        domainLogin: await domainLoginOffered(db),
        screenLockIdleMinutes: config.screenLockIdleMinutes,
        hostCallTimeoutMs: config.hostCallTimeoutMs,
        trialDemoUrl: config.trialDemoUrl ?? PORTAL_DEMO_SITE_PATH,
        termsVersion: currentTermsVersion(config.contentDir, now()),
        // What the operator set with footer:set, else the environment's.
        footer: (await storedFooter(db)) ?? config.footer,
      }),
  );
};
