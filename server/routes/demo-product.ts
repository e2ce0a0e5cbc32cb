import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_CODES } from '../../domain/constants';
import { resolveLanguage } from '../../domain/i18n';
import { sessionState } from '../../domain/rules/session-lifetime';
import { cookieName, SESSION_COOKIE } from '../plugins/session';
import { hashToken } from '../security/tokens';
import { type DemoProductViewer, renderDemoProductPage } from '../services/demo-product-page';
import type { RouteDeps } from './route-deps';

const paramsSchema = z.object({ code: z.string().max(32) });

/**
 * GET /demo-product/:code: where the seeded demo products open until an operator sets their real address
 * (`product:url`). A page, not an API answer: it reads the session cookie only to name the user and never
 * refuses a signed-out visitor.
 */
export const demoProductRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { repos, now }) => {
  app.get('/demo-product/:code', { schema: { params: paramsSchema } }, async (request, reply) => {
    const code = request.params.code.toUpperCase();
    const known = (PRODUCT_CODES as readonly string[]).includes(code);
    const token = request.cookies[cookieName(request, SESSION_COOKIE)];
    const row = token ? await repos.sessions.findByTokenHash(hashToken(token)) : undefined;
    const usable =
      row?.account_status === 'active' &&
      sessionState(
        {
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          autoLogin: row.auto_login === 1,
          revokedAt: row.revoked_at,
        },
        now(),
      ) === 'active';
    const viewer: DemoProductViewer | null = usable ? { name: row.real_name, orgName: row.org_name } : null;
    const html = renderDemoProductPage({
      language: usable ? resolveLanguage(row.lang) : request.language,
      code: known ? code : request.params.code,
      known,
      viewer,
    });
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });
};
