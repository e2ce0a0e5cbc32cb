import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import frontMatter from 'front-matter';
import { PRODUCT_CODES } from '../../domain/constants';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { DOCUMENT_MAX_BYTES } from '../../domain/schemas/documents';
import {
  appPageParamsSchema,
  appPageSchema,
  helpDocParamsSchema,
  helpDocSchema,
} from '../../domain/schemas/portal-content';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { accountProducts } from '../services/products-service';
import type { RouteDeps } from './route-deps';

/** Reads a content file, or null when there is none; a file past the documents' limit is an operator error. */
async function readContent(file: string): Promise<{ text: string; updatedAt: number } | null> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) return null;
  if (stat.size > DOCUMENT_MAX_BYTES) throw new Error(`${file} is larger than ${DOCUMENT_MAX_BYTES} bytes`);
  return { text: await fs.readFile(file, 'utf8'), updatedAt: Math.floor(stat.mtimeMs) };
}

/** The http(s) address a front matter's `download` names, else null. */
function downloadUrlOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits `---` front matter (YAML, read by the front-matter package with js-yaml's safe schema: no tags
 * that build objects or functions) from the Markdown after it. Only an http(s) `download` link is taken:
 * anything else an operator writes there is ignored rather than shown. Front matter that is not valid YAML
 * is left off the page too, with no download link.
 */
export function splitFrontMatter(text: string): { downloadUrl: string | null; markdown: string } {
  if (!frontMatter.test(text)) return { downloadUrl: null, markdown: text };
  let attributes: Record<string, unknown>;
  let body: string;
  try {
    ({ attributes, body } = frontMatter<Record<string, unknown>>(text));
  } catch {
    // The block's closing line ends it whatever it holds.
    const lines = text.split('\n');
    const end = lines.findIndex((line, i) => i > 0 && line.trimEnd() === '---');
    return {
      downloadUrl: null,
      markdown:
        end < 0
          ? text
          : lines
              .slice(end + 1)
              .join('\n')
              .replace(/^(\r?\n)+/, ''),
    };
  }
  return {
    downloadUrl: downloadUrlOf(attributes?.download),
    markdown: body.replace(/^(\r?\n)+/, ''),
  };
}

/**
 * The portal's own content beside the public documents (CONTENT_DIR, read on each request so an operator's
 * replacement shows at once; names come from closed lists and checked segments, never a path from input):
 * - GET /api/appContent/{page}/{lang}: the app download pages and product introductions, public, and 404
 *   while the app-download module is off; `apps/<page>.<lang>.md`.
 * - GET /api/helpDoc/{platform}/{a}/{b}/{lang}: a product's help document for a member authorised for the
 *   product (403 otherwise), 404 when the product has no such document yet; `help/<platform>/<a>/<b>.<lang>.md`.
 */
export const portalContentRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  app.get(
    '/api/appContent/:page/:lang',
    {
      config: { access: 'public' },
      schema: {
        params: appPageParamsSchema,
        response: withFailures({ 200: envelopeSchema(appPageSchema) }, [400, 404, 500]),
      },
    },
    async (request, reply) => {
      if (!config.modules.appDownload) throw new ApiError(404, 'errors.request.notFound');
      const { page, lang } = request.params;
      const content = await readContent(path.join(config.contentDir, 'apps', `${page}.${lang}.md`));
      if (!content) throw new ApiError(404, 'errors.request.notFound');
      const { downloadUrl, markdown } = splitFrontMatter(content.text);
      reply.header('cache-control', 'public, max-age=60');
      return ok({
        Page: page,
        Lang: lang,
        Markdown: markdown,
        DownloadUrl: downloadUrl,
        UpdatedAt: content.updatedAt,
      });
    },
  );

  app.get(
    '/api/helpDoc/:platform/:a/:b/:lang',
    {
      schema: {
        params: helpDocParamsSchema,
        response: withFailures({ 200: envelopeSchema(helpDocSchema) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { platform, a, b, lang } = request.params;
      const code = PRODUCT_CODES.find((known) => known.toLowerCase() === platform);
      const products = await accountProducts(db, session.orgId, session.accountId);
      if (!code || !products.some((product) => product.code === code && product.authorized)) {
        throw new ApiError(403, 'errors.auth.noPermission');
      }
      const content = await readContent(path.join(config.contentDir, 'help', platform, a, `${b}.${lang}.md`));
      if (!content) throw new ApiError(404, 'errors.request.notFound');
      return ok({ Code: code, Markdown: content.text, UpdatedAt: content.updatedAt });
    },
  );
};
