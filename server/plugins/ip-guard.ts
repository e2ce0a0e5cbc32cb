import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../core/errors';
import { callbackHook } from '../core/route-config';
import type { Repositories } from '../repositories';
import { accessAllows } from '../services/ip-whitelist-service';
import { clearSessionCookies, type RequestSession } from './session';

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
    const refuse = async (request: FastifyRequest, reply: FastifyReply, session: RequestSession) => {
      await repos.sessions.revoke(session.id, now());
      clearSessionCookies(request, reply);
      request.session = null;
      throw new ApiError(403, 'errors.login.ipForbidden');
    };
    app.addHook(
      'preValidation',
      // Nothing to wait for without a session or for an administrator: those go on at once.
      callbackHook((request, reply) => {
        const session = request.session;
        if (!session || session.isOrgAdmin) return undefined;
        // At once when the embedded database answers at once: a member's read then waits for nothing.
        const access = repos.ipWhitelist.accessForNow(session.orgId, session.accountId);
        if (access !== undefined) {
          return accessAllows(access, request.ip) ? undefined : refuse(request, reply, session);
        }
        return repos.ipWhitelist
          .accessFor(session.orgId, session.accountId)
          .then((known) => (accessAllows(known, request.ip) ? undefined : refuse(request, reply, session)));
      }),
    );
  },
  { name: 'ip-guard' },
);
