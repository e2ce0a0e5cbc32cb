import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../core/metrics';
import { routeConfigOf } from './envelope';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** The routes that sign someone in (password, directory, the security verification's code, trial, chat host). */
const SIGN_IN_ROUTES = new Set(
  [
    '/api/account/login',
    '/api/account/loginV2',
    '/api/Account/Login/Secondary',
    '/api/TemporaryUser/Trial/Login',
    '/api/account/isAuthorizeLogin',
    '/api/users/isAuthorizeLogin',
  ].map((url) => url.toLowerCase()),
);

/** success when a session cookie was set, challenge when a code is asked for first, else the failure key. */
function signInResult(request: FastifyRequest, reply: FastifyReply): string {
  if (reply.statusCode >= 400) return request.failureKey ?? `status ${reply.statusCode}`;
  const cookies = reply.getHeader('set-cookie');
  const set = Array.isArray(cookies) ? cookies.join(';') : String(cookies ?? '');
  return /(^|[;,\s])(__Host-)?uc_session=[^;]/.test(set) ? 'success' : 'challenge';
}

/**
 * Counts every answered request by its route pattern (never the path, whose ids would make a series per
 * member) and status, with its latency, and each sign-in by its result.
 */
export const metricsPlugin = fp<{ metrics: Metrics }>(
  async (app: FastifyInstance, { metrics }) => {
    app.decorate('metrics', metrics);
    // A callback hook: it never waits, so no promise per answer.
    app.addHook('onResponse', (request, reply, done) => {
      const config = routeConfigOf(request);
      const route = (config.url as string | undefined) ?? 'unmatched';
      metrics.recordRequest(config, request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      if (SIGN_IN_ROUTES.has(route.toLowerCase())) {
        metrics.signIns.inc({ route, result: signInResult(request, reply) });
      }
      done();
    });
  },
  { name: 'metrics', dependencies: ['failure-key'] },
);
