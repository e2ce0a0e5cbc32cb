import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyDataSchema, envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import {
  departmentCreateSchema,
  departmentIdSchema,
  departmentNodeSchema,
  departmentTreeSchema,
  departmentUpdateSchema,
} from '../../domain/schemas/departments';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import {
  createDepartment,
  deleteDepartment,
  departmentOf,
  departmentTree,
  updateDepartment,
} from '../services/departments-service';
import type { RouteDeps } from './route-deps';

/** Who the operation log names: the signed-in administrator. */
/**
 * A department change: bad input or signature, signed out, not an administrator, no such department
 * (or superior) in the administrator's organisation, a name taken / a department not empty / replayed,
 * unreadable body, the unexpected.
 */
const changeFailures = [400, 401, 403, 404, 409, 413, 415, 500] as const;

/**
 * The Departments screen (orgDpt, SPEC §7 Organisation: department and department/tree). Administrators
 * only; the organisation is always the administrator's own, from the session, so another organisation's
 * department is not found.
 */
export const departmentsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.get(
    '/api/department/tree',
    {
      // Also the department filter and picker of the members screen and the organisation's login log.
      config: { access: 'admin', menu: ['orgDpt', 'member', 'orgLoginLog'] },
      schema: { response: withFailures({ 200: envelopeSchema(departmentTreeSchema) }, [400, 401, 403, 500]) },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(await departmentTree(db, session.orgId));
    },
  );

  app.get(
    '/api/department/:id',
    {
      config: { access: 'admin', menu: 'orgDpt' },
      schema: {
        params: idParamsSchema,
        response: withFailures({ 200: envelopeSchema(departmentNodeSchema) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(await departmentOf(db, session.orgId, request.params.id));
    },
  );

  app.post(
    '/api/department',
    {
      config: { access: 'admin', menu: 'orgDpt' },
      schema: {
        body: departmentCreateSchema,
        response: withFailures({ 200: envelopeSchema(departmentIdSchema) }, changeFailures),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const id = await createDepartment(changeContextOf(db, session, now()), request.body);
      return ok({ ID: id });
    },
  );

  app.put(
    '/api/department/:id',
    {
      config: { access: 'admin', menu: 'orgDpt' },
      schema: {
        params: idParamsSchema,
        body: departmentUpdateSchema,
        response: withFailures({ 200: envelopeSchema(departmentIdSchema) }, changeFailures),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await updateDepartment(changeContextOf(db, session, now()), request.params.id, request.body);
      return ok({ ID: request.params.id });
    },
  );

  app.delete(
    '/api/department/:id',
    {
      config: { access: 'admin', menu: 'orgDpt' },
      schema: {
        params: idParamsSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, changeFailures),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await deleteDepartment(changeContextOf(db, session, now()), request.params.id);
      return ok(null);
    },
  );
};
