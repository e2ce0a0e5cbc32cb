import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_CODES } from '../../domain/constants';
import { resolveLanguage } from '../../domain/i18n';
import { lookUpSession } from '../plugins/session';
import { type DemoProductViewer, renderDemoProductPage } from '../presenters/demo-product-page';
import type { RouteDeps } from './route-deps';

const paramsSchema = z.object({ code: z.string().max(32) });

/**
 * GET /demo-product/:code: where the seeded demo products open until an operator sets their real address
 * (`product:url`). A page, not an API answer: it reads the session cookie only to name the user and never
 * refuses a signed-out visitor.
 */
export const demoProductRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.get('/demo-product/:code', { schema: { params: paramsSchema } }, async (request, reply) => {
    const code = request.params.code.toUpperCase();
    const known = (PRODUCT_CODES as readonly string[]).includes(code);
    const found = await lookUpSession(db, request, now());
    const account = found.state === 'active' ? found.account : null;
    const viewer: DemoProductViewer | null = account
      ? { name: account.real_name, orgName: account.org_name }
      : null;
    const html = renderDemoProductPage({
      language: account ? resolveLanguage(account.lang) : request.language,
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
