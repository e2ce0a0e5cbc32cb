import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../core/errors';
import type { Repositories } from '../repositories';
import { whitelistAllows } from '../services/ip-whitelist-service';
import { clearSessionCookies } from './session';

export interface IpGuardOptions {
  repos: Pick<Repositories, 'ipWhitelist' | 'sessions'>;
  now: () => number;
}

/**
 * The IP whitelist on every request of a signed-in member (DESIGN §5): after the session hook has found
 * the session, a member of an organisation whose whitelist is on, who is neither an administrator nor
 * unrestricted, and whose address (request.ip: the socket's, or X-Forwarded-For from a TRUST_PROXY peer
 * only) is outside the list, has the session ended and gets 403 errors.login.ipForbidden; the client then
 * shows /ipException. Public routes and sessions that are still settling a forced password change are
 * checked the same way, as soon as there is a session.
 */
export const ipGuardPlugin = fp<IpGuardOptions>(
  async (app: FastifyInstance, { repos, now }) => {
    app.addHook('preValidation', async (request, reply) => {
      const session = request.session;
      if (!session || session.isOrgAdmin) return;
      const allowed = await whitelistAllows(
        repos,
        { orgId: session.orgId, accountId: session.accountId, isAdmin: false },
        request.ip,
      );
      if (allowed) return;
      await repos.sessions.revoke(session.id, now());
      clearSessionCookies(request, reply);
      request.session = null;
      throw new ApiError(403, 'errors.login.ipForbidden');
    });
  },
  { name: 'ip-guard' },
);
