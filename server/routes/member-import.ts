import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Language } from '../../domain/constants';
import { z } from 'zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  importPasswordFileParamsSchema,
  MEMBER_IMPORT_MAX_BYTES,
  MEMBER_IMPORT_MAX_LABEL,
  memberImportReportSchema,
  memberImportTemplateQuerySchema,
  pendingImportPasswordFileSchema,
  type MemberImportKind,
} from '../../domain/schemas/member-import';
import { translate } from '../core/translate';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import { attachmentHeader, XLSX_CONTENT_TYPE } from '../files/log-workbook';
import type { CodeSenders } from '../integrations/code-senders';
import {
  pendingPasswordFile,
  takePasswordFile,
  writePasswordWorkbook,
} from '../services/import-password-file';
import { lazySecretBox } from '../security/secret-box';
import { importMembers } from '../services/member-import-service';
import { importTemplate } from '../files/member-import-workbook';
import type { RouteDeps } from './route-deps';

/** Content types a filled template may arrive as; what it really is, its bytes decide. */
const UPLOAD_TYPES = [XLSX_CONTENT_TYPE, 'application/octet-stream'];

/**
 * Bulk import of members and of SSO accounts (SPEC §7 Organisation, "batch import URLs for accounts and SSO
 * accounts"): for each, the xlsx template and the upload of a filled one, imported whole or not at all. Administrators only; the organisation is the
 * administrator's own, from the session. Imported members' own initial passwords go to them by mail or SMS
 * where configured; the rest are downloaded once by the importing administrator (passwords/{id}).
 */
export const memberImportRoutes: FastifyPluginAsyncZod<RouteDeps & { senders: CodeSenders }> = async (
  app,
  { db, now, senders, config },
) => {
  // Seals each download's token with the server's key, so the dialog can offer it again.
  const secrets = lazySecretBox(config);
  // The file arrives as its raw bytes. Only in this plugin's scope; a body a little over the limit still
  // reaches the handler so the answer names the limit, a far larger one is cut off unread.
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: MEMBER_IMPORT_MAX_BYTES * 2 },
    (_request, body, done) => done(null, body),
  );

  const templateResponse = withFailures(
    { 200: z.unknown().describe('an .xlsx workbook') },
    [400, 401, 403, 409, 413, 415, 500],
  );
  const sendTemplate = async (
    request: FastifyRequest,
    reply: FastifyReply,
    lang: Language | undefined,
    kind: MemberImportKind,
  ) => {
    const language = lang ?? request.language;
    const file = await importTemplate(language, kind);
    const name = kind === 'sso' ? 'memberImport.ssoFileName' : 'memberImport.fileName';
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', attachmentHeader(`${translate(language, name)}.xlsx`))
      .header('cache-control', 'no-store')
      .send(file);
  };
  // Members (who sign in with a password) and SSO accounts (keyed by the identity provider's user id).
  const kinds = [
    ['/api/account/import', 'members'],
    ['/api/ssoAccount/import', 'sso'],
  ] as const;
  for (const [base, kind] of kinds) {
    app.get(
      `${base}/template`,
      {
        config: { access: 'admin', menu: 'member' },
        schema: { querystring: memberImportTemplateQuerySchema, response: templateResponse },
      },
      async (request, reply) => sendTemplate(request, reply, request.query.lang, kind),
    );
    // The same file for the client's download helper, which POSTs.
    app.post(
      `${base}/template`,
      {
        config: { access: 'admin', menu: 'member' },
        schema: { body: memberImportTemplateQuerySchema.optional(), response: templateResponse },
      },
      async (request, reply) => sendTemplate(request, reply, request.body?.lang, kind),
    );

    app.post(
      base,
      {
        config: { access: 'admin', menu: 'member' },
        // A length announced over the limit is refused before its bytes are read.
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > MEMBER_IMPORT_MAX_BYTES) {
            throw new ApiError(413, 'errors.memberImport.tooLarge', { max: MEMBER_IMPORT_MAX_LABEL });
          }
        },
        schema: {
          response: withFailures(
            { 200: envelopeSchema(memberImportReportSchema) },
            [400, 401, 403, 409, 413, 415, 500],
          ),
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const file = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (file.length > MEMBER_IMPORT_MAX_BYTES) {
          throw new ApiError(413, 'errors.memberImport.tooLarge', { max: MEMBER_IMPORT_MAX_LABEL });
        }
        const report = await importMembers(changeContextOf(db, session, now()), file, {
          language: request.language,
          kind,
          secrets,
          delivery: {
            db,
            senders,
            lang: request.language,
            // Never the password: where it was going and why it did not.
            onFailure: (channel, error) =>
              request.log.warn(
                { channel, reason: (error as { code?: string }).code ?? 'send failed' },
                'imported initial password not sent',
              ),
          },
        });
        // The answer names the one-time download: no cache may keep it.
        reply.header('cache-control', 'no-store');
        return ok(report);
      },
    );
  }

  // The caller's own download still waiting, so closing the import dialog too soon loses nothing.
  app.get(
    '/api/account/import/passwords',
    {
      config: { access: 'admin', menu: 'member' },
      schema: {
        response: withFailures(
          { 200: envelopeSchema(pendingImportPasswordFileSchema) },
          [400, 401, 403, 409, 500],
        ),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const file = await pendingPasswordFile(db, session.orgId, session.accountId, now(), secrets);
      reply.header('cache-control', 'no-store');
      return ok({
        PasswordFile: file && {
          ID: file.token,
          Count: file.entries,
          ExpiresAt: file.expiresAt,
          CreatedAt: file.createdAt,
        },
      });
    },
  );

  // The one download of the initial passwords an import did not send: only by the administrator who
  // imported, in their organisation, within 24 hours, once. Anything else: 404 passwordFileGone.
  // POST, signed: fetching it deletes it.
  app.post(
    '/api/account/import/passwords/:id',
    {
      config: { access: 'admin', menu: 'member' },
      schema: {
        params: importPasswordFileParamsSchema,
        response: withFailures(
          { 200: z.unknown().describe('an .xlsx workbook') },
          [400, 401, 403, 404, 409, 413, 415, 500],
        ),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const entries = await takePasswordFile(db, session.orgId, session.accountId, request.params.id, now());
      const output = new PassThrough();
      writePasswordWorkbook(entries, request.language, output).catch((error: unknown) => {
        request.log.error({ err: error }, 'initial-password file failed');
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      const fileName = `${translate(request.language, 'memberImport.passwordFile.fileName')}.xlsx`;
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'no-store')
        .send(output);
    },
  );
};
