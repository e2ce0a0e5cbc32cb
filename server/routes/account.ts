import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  basicInfoSchema,
  setLangParamsSchema,
  setUiVersionParamsSchema,
  setUiVersionQuerySchema,
} from '../../domain/schemas/account';
import { emptyDataSchema, envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import { ok } from '../plugins/envelope';
import { requireOwnOrMemberPage } from '../plugins/menu-access';
import { requireSession } from '../plugins/session';
import { presentAccountInfo } from '../presenters/account-presenter';
import {
  accountBasicInfo,
  setAccountLanguage,
  setAccountUiVersion,
} from '../services/account-preferences-service';
import type { RouteDeps } from './route-deps';

/** A signed-in change: bad input or signature, signed out, replayed, unreadable body, the unexpected. */
const changeResponse = withFailures({ 200: envelopeSchema(emptyDataSchema) }, [400, 401, 409, 413, 415, 500]);

/** The signed-in user's own account: basic info and preferences (SPEC §7 Profile). */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/api/account/basic/:id',
    {
      schema: {
        params: idParamsSchema,
        response: withFailures({ 200: envelopeSchema(basicInfoSchema) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      // A member sees only themself; an administrator sees anyone of their own organisation.
      await requireOwnOrMemberPage(db, session, request.params.id, 'info');
      const row = await accountBasicInfo(db, session.orgId, request.params.id);
      return ok({
        ...presentAccountInfo(row),
        OrgName: row.org_name,
        DeptName: row.dept_name ?? '',
        RegisterTime: row.created_at,
        LastLoginTime: row.last_login_at,
      });
    },
  );

  app.post(
    '/api/account/setCurLang/:lang',
    {
      // The lock screen and the trial sign-in switch languages too.
      config: { allowDuringPasswordChange: true, allowWhileLocked: true, allowForTrial: true },
      schema: { params: setLangParamsSchema, response: changeResponse },
    },
    async (request) => {
      const session = requireSession(request);
      await setAccountLanguage(db, session, request.params.lang);
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
        // A GET carries no body, so no 413 or 415; 403 while the password must be changed.
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, [400, 401, 403, 409, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await setAccountUiVersion(db, session, request.params.version);
      return ok(null);
    },
  );
};
