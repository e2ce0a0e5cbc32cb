import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyDataSchema, envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import { ApiError } from '../errors';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { unlockAccount } from '../services/account-recovery';
import type { RouteDeps } from './route-deps';

/**
 * An administrator's change to a member: bad input or signature, signed out, not an administrator, no
 * such member in the organisation, replayed, unreadable body, the unexpected.
 */
const memberChangeResponse = withFailures(
  { 200: envelopeSchema(emptyDataSchema) },
  [400, 401, 403, 404, 409, 413, 415, 500],
);

/**
 * The organisation administrator's members area (SPEC §7 Organisation: account/...). The organisation is
 * always the administrator's own, from the session: a member of another organisation is not found.
 */
export const membersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, repos, now }) => {
  app.put(
    '/api/account/resetPwdLock/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: memberChangeResponse } },
    async (request) => {
      const session = requireSession(request);
      const [member, admin] = await Promise.all([
        repos.accounts.findById(session.orgId, request.params.id),
        repos.accounts.findById(session.orgId, session.accountId),
      ]);
      if (!member || member.status === 'removed' || !admin)
        throw new ApiError(404, 'errors.request.notFound');
      await unlockAccount(db, member, { id: admin.id, name: admin.real_name }, now());
      return ok(null);
    },
  );
};
