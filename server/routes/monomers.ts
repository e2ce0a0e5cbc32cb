import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  monomerAssociationRequestSchema,
  monomerAssociationSchema,
  monomerDeleteSchema,
  monomerExistsRequestSchema,
  monomerExistsSchema,
  monomerImportReportSchema,
  monomerListRequestSchema,
  monomerListSchema,
  monomerSaveSchema,
  monomerSchema,
} from '../../domain/schemas/monomers';
import { ok } from '../plugins/envelope';
import { operatorOf, requireSession } from '../plugins/session';
import { attachmentHeader } from '../files/log-workbook';
import { exportMonomers, importMonomers } from '../services/monomer-import-service';
import { monomerOf } from '../presenters/monomer-presenter';
import {
  associateMonomer,
  deleteMonomer,
  findSameMonomer,
  monomerPage,
  saveMonomer,
} from '../services/monomers-service';
import type { RouteDeps } from './route-deps';

/** A HELM library file of a few thousand monomers with their molfiles runs to several megabytes. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The HELM monomer library (SPEC §7 Helm/*, issue #20). Changes are the administrators' (monomerLib page)
 * and each writes an operation-log row; reading the library, asking whether a value is taken and telling
 * which records use a monomer are open to every member, as the peptide and oligonucleotide products call
 * them for their users. The organisation is always the session's.
 */
export const monomersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const admin = { access: 'admin', menu: 'monomerLib' } as const;

  app.post(
    '/api/Helm/GetHelmList',
    {
      schema: {
        body: monomerListRequestSchema,
        response: withFailures({ 200: envelopeSchema(monomerListSchema) }, [400, 401, 403, 413, 415, 500]),
      },
    },
    async (request) => {
      const { orgId } = requireSession(request);
      const { pageIndex, pageSize, keyword, PolymerType } = request.body;
      const page = await monomerPage(db, orgId, {
        pageIndex,
        pageSize,
        keyword: keyword || undefined,
        polymerType: PolymerType,
      });
      return ok({ total: page.total, pageIndex, pageSize, rows: page.rows.map(monomerOf) });
    },
  );

  app.post(
    '/api/Helm/SetHelmInfo',
    {
      config: admin,
      schema: {
        body: monomerSaveSchema,
        response: withFailures(
          { 200: envelopeSchema(monomerSchema) },
          [400, 401, 403, 404, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const saved = await saveMonomer(db, session.orgId, request.body, operatorOf(session), now());
      return ok(monomerOf(saved));
    },
  );

  app.post(
    '/api/Helm/DelHelmInfo',
    {
      config: admin,
      schema: {
        body: monomerDeleteSchema,
        response: withFailures(
          { 200: envelopeSchema(emptyDataSchema) },
          [400, 401, 403, 404, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await deleteMonomer(db, session.orgId, request.body.symbolId, operatorOf(session), now());
      return ok(null);
    },
  );

  app.post(
    '/api/Helm/IsExistsSameValue',
    {
      schema: {
        body: monomerExistsRequestSchema,
        response: withFailures({ 200: envelopeSchema(monomerExistsSchema) }, [400, 401, 403, 413, 415, 500]),
      },
    },
    async (request) => ok(await findSameMonomer(db, requireSession(request).orgId, request.body)),
  );

  app.post(
    '/api/Helm/AssociationHelm',
    {
      schema: {
        body: monomerAssociationRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(monomerAssociationSchema) },
          [400, 401, 403, 404, 413, 415, 500],
        ),
      },
    },
    async (request) => ok(await associateMonomer(db, requireSession(request).orgId, request.body, now())),
  );

  // GET as SPEC's contract names it; POST too, for the screen's download (a signed request, like other exports).
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/Helm/export',
      config: admin,
      schema: {
        response: withFailures(
          { 200: z.unknown().describe('HELM monomer-library JSON') },
          [400, 401, 403, 500],
        ),
      },
      handler: async (request, reply) => {
        const entries = await exportMonomers(db, requireSession(request).orgId);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', attachmentHeader('monomer-library.json'))
          .header('cache-control', 'no-store')
          .send(JSON.stringify(entries, null, 2));
      },
    });
  }

  app.post(
    '/api/Helm/import',
    {
      config: admin,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        body: z.unknown().describe('HELM monomer-library JSON: an array of monomers'),
        response: withFailures(
          { 200: envelopeSchema(monomerImportReportSchema) },
          [400, 401, 403, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(await importMonomers(db, session.orgId, request.body, operatorOf(session), now()));
    },
  );
};
