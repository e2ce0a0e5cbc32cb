import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { ApiError } from '../core/errors';
import { within } from '../core/within';
import { migrationState } from '../db/migration-state';
import { ok } from '../plugins/envelope';
import type { RouteDeps } from './route-deps';

/** How long readiness waits for the database before calling it down (a probe must not hang). */
const DATABASE_CHECK_MS = 2000;

const readySchema = z.object({ status: z.literal('ready'), version: z.string() });

/**
 * GET /api/ready, for a load balancer: 200 when this instance should get requests (not stopping, the
 * database answers, every migration of this code has run), else 503 with the reason as its error key. A
 * database migrated further by a newer instance is ready: migrations expand before they contract.
 */
export const readinessRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: { response: withFailures({ 200: envelopeSchema(readySchema) }, [400, 500, 503]) },
    },
    async () => {
      if (app.lifecycle.stopping) throw new ApiError(503, 'errors.ready.stopping');
      let pending: string[];
      try {
        await within(sql`select 1`.execute(db), DATABASE_CHECK_MS);
        ({ pending } = await within(migrationState(db), DATABASE_CHECK_MS));
      } catch {
        throw new ApiError(503, 'errors.ready.databaseDown');
      }
      if (pending.length > 0) {
        throw new ApiError(503, 'errors.ready.migrationsPending', { names: pending.join(', ') });
      }
      return ok({ status: 'ready' as const, version: config.version });
    },
  );
};
