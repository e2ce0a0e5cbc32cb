import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  basicInfoSchema,
  setLangParamsSchema,
  setUiVersionParamsSchema,
  setUiVersionQuerySchema,
} from '../../domain/schemas/account';
import { emptyDataSchema, envelopeSchema, idParamsSchema } from '../../domain/schemas/common';
import { ApiError } from '../errors';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import type { RouteDeps } from './route-deps';

const emptyResponse = { 200: envelopeSchema(emptyDataSchema) };

/** The signed-in user's own account: basic info and preferences (SPEC §7 Profile). */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { repos }) => {
  app.get(
    '/api/account/basic/:id',
    { schema: { params: idParamsSchema, response: { 200: envelopeSchema(basicInfoSchema) } } },
    async (request) => {
      const session = requireSession(request);
      // A member sees only themself; an administrator sees anyone of their own organisation.
      if (request.params.id !== session.accountId && !session.isOrgAdmin) {
        throw new ApiError(403, 'errors.auth.noPermission');
      }
      const row = await repos.accounts.findBasicInfo(session.orgId, request.params.id);
      if (!row) throw new ApiError(404, 'errors.request.notFound');
      return ok({
        ID: Number(row.id),
        RealName: row.real_name,
        Photo: row.photo,
        Account: row.email ?? row.mobile ?? '',
        MobilePhone: row.mobile ?? '',
        Email: row.email ?? '',
        IsOrganAdmin: row.is_org_admin === 1 ? (1 as const) : (0 as const),
        OrgName: row.org_name,
        DeptName: row.dept_name ?? '',
        RegisterTime: row.created_at,
        LastLoginTime: row.last_login_at,
      });
    },
  );

  app.post(
    '/api/account/setCurLang/:lang',
    { schema: { params: setLangParamsSchema, response: emptyResponse } },
    async (request) => {
      const session = requireSession(request);
      await repos.accounts.setLanguage(session.orgId, session.accountId, request.params.lang);
      return ok(null);
    },
  );

  // SPEC keeps this a GET; it changes state, so it must be signed like a POST.
  app.get(
    '/api/Account/SetUIVersion/:version',
    {
      config: { signed: true },
      schema: {
        params: setUiVersionParamsSchema,
        querystring: setUiVersionQuerySchema,
        response: emptyResponse,
      },
    },
    async (request) => {
      const session = requireSession(request);
      await repos.accounts.setUiVersion(session.orgId, session.accountId, request.params.version);
      return ok(null);
    },
  );
};
