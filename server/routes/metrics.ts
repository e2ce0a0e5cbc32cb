import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from './route-deps';

/** Whether the Authorization header carries exactly `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics in Prometheus' text format, for a scraper: outside /api (no envelope, no session); behind
 * METRICS_TOKEN when it is set.
 */
export const metricsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { config }) => {
  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (config.metricsToken !== null && !bearerMatches(request.headers.authorization, config.metricsToken)) {
      return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized\n');
    }
    const registry = app.metrics.registry;
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};
