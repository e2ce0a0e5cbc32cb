import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MAX_BYTES,
  documentParamsSchema,
  documentSchema,
  type DocumentName,
} from '../../domain/schemas/documents';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import type { RouteDeps } from './route-deps';

/** The file of a document in one language: `<page>.<lang>.md` under CONTENT_DIR (never a path from input). */
export function documentFile(contentDir: string, page: DocumentName, lang: string): string {
  return path.join(contentDir, `${page}.${lang}.md`);
}

/**
 * The public documents (agreement, privacy, disclaimer, SDK list, app permissions, company, contact):
 * anyone may read them, signed in or not. The page and language are closed lists, so no request names a
 * file of its own; the file is read on each request (they are small), so an operator's edit shows at once.
 */
export const documentsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config }) => {
  app.get(
    '/api/content/:page/:lang',
    {
      config: { access: 'public' },
      schema: {
        params: documentParamsSchema,
        response: withFailures({ 200: envelopeSchema(documentSchema) }, [400, 404, 500]),
      },
    },
    async (request, reply) => {
      const { page, lang } = request.params;
      const file = documentFile(config.contentDir, page, lang);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) throw new ApiError(404, 'errors.request.notFound');
      if (stat.size > DOCUMENT_MAX_BYTES) {
        request.log.error({ file, size: stat.size }, 'a public document is larger than allowed');
        throw new ApiError(500, 'errors.request.internal');
      }
      const markdown = await fs.readFile(file, 'utf8');
      // Short caching: an operator's replacement reaches readers within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return ok({ Page: page, Lang: lang, Markdown: markdown, UpdatedAt: Math.floor(stat.mtimeMs) });
    },
  );
};
