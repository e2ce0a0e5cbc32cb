import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  appSettingParamsSchema,
  appSettingSaveSchema,
  appSettingsSchema,
} from '../../domain/schemas/work-table';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { saveWorkTableSetting, workTableSettings } from '../services/work-table-service';
import type { RouteDeps } from './route-deps';

/**
 * The work table's settings action (SPEC §2 Work table): each member pins products to the top of their
 * section or hides them from their own work table. Only the caller's own rows are read or written; the
 * administrator's display settings (org_product_display) still decide what the organisation shows at all.
 */
export const workTableRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.get(
    '/api/workTable/settings',
    {
      schema: { response: withFailures({ 200: envelopeSchema(appSettingsSchema) }, [400, 401, 403, 500]) },
    },
    async (request) => {
      const session = requireSession(request);
      const settings = await workTableSettings(db, session);
      return ok(settings.map((s) => ({ Code: s.code, Pinned: s.pinned, Hidden: s.hidden })));
    },
  );

  // An unknown product code 404.
  app.put(
    '/api/workTable/settings/:code',
    {
      schema: {
        params: appSettingParamsSchema,
        body: appSettingSaveSchema,
        response: withFailures(
          { 200: envelopeSchema(emptyDataSchema) },
          [400, 401, 403, 404, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const code = request.params.code.toUpperCase();
      const setting = { pinned: request.body.Pinned, hidden: request.body.Hidden };
      await saveWorkTableSetting(db, session, code, setting, now());
      return ok(null);
    },
  );
};
