import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  type WatermarkAdmin,
  watermarkAdminSchema,
  watermarkConfigQuerySchema,
  watermarkConfigSchema,
  watermarkSettingSchema,
  watermarkSwitchSchema,
} from '../../domain/schemas/watermark';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession, type RequestSession } from '../plugins/session';
import type { StoredWatermark } from '../repositories/watermark-repository';
import {
  memberWatermark,
  updateWatermark,
  WatermarkError,
  watermarkSetting,
} from '../services/watermark-service';
import type { RouteDeps } from './route-deps';

const present = (watermark: StoredWatermark): WatermarkAdmin => ({
  ...watermark.settings,
  Enabled: watermark.enabled,
});

/**
 * The organisation's watermark (SPEC §7 Watermark). GET Watermark/Config is what the portal and products
 * read: any signed-in member, always their own organisation's settings (from the session) with lines drawn
 * from their own details. Administrators read the settings (GET Watermark), save them (POST Watermark,
 * the picture checked by content) and switch the watermark on or off (POST Watermark/Swith, SPEC's
 * spelling); each change writes its operation-log row in the same transaction.
 */
export const watermarkRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const adminResponse = { 200: envelopeSchema(watermarkAdminSchema) };

  app.get(
    '/api/Watermark/Config',
    {
      config: { access: 'member' },
      schema: {
        querystring: watermarkConfigQuerySchema,
        response: withFailures({ 200: envelopeSchema(watermarkConfigSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => ok(await memberWatermark(db, requireSession(request), request.query.product, now())),
  );

  app.get(
    '/api/Watermark',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: { response: withFailures(adminResponse, [400, 401, 403, 500]) },
    },
    async (request) => ok(present(await watermarkSetting(db, requireSession(request).orgId))),
  );

  const change = async (session: RequestSession, changes: Parameters<typeof updateWatermark>[1]) => {
    try {
      return ok(present(await updateWatermark(changeContextOf(db, session, now()), changes)));
    } catch (error) {
      if (error instanceof WatermarkError) {
        throw new ApiError(error.status, error.key, { max: '50KB', types: 'png, jpg' });
      }
      throw error;
    }
  };

  app.post(
    '/api/Watermark',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: watermarkSettingSchema,
        response: withFailures(adminResponse, [400, 401, 403, 404, 413, 415, 500]),
      },
    },
    async (request) => change(requireSession(request), { settings: request.body }),
  );

  app.post(
    '/api/Watermark/Swith',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: watermarkSwitchSchema,
        response: withFailures(adminResponse, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => change(requireSession(request), { enabled: request.body.Enabled }),
  );
};
