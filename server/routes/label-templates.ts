import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LABEL_LIMITS } from '../../domain/labels/label-limits';
import { envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import {
  labelLogoSchema,
  labelRenderAnswerSchema,
  labelRenderBodySchema,
  labelTemplateDeleteSchema,
  labelTemplateDetailSchema,
  labelTemplateEnableSchema,
  labelTemplateInputSchema,
  labelTemplateNameAnswerSchema,
  labelTemplateNameQuerySchema,
  labelTemplatePageQuerySchema,
  labelTemplatePageSchema,
  labelTemplateQuerySchema,
  labelTemplateSchema,
  type LabelTemplateSummary,
} from '../../domain/schemas/label-templates';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { requireOpenApp } from '../plugins/open-api';
import { operatorOf, requireSession } from '../plugins/session';
import type { StoredLabelTemplate } from '../repositories/label-templates-repository';
import {
  createLabelTemplate,
  deleteLabelTemplates,
  enableLabelTemplate,
  labelTemplateNameTaken,
  labelTemplatePage,
  labelTemplatesOf,
  labelTemplateWithLogos,
  renderLabels,
  saveLabelLogo,
  updateLabelTemplate,
} from '../services/label-templates-service';
import type { RouteDeps } from './route-deps';

/** A label icon arrives as the file's raw bytes; what it is, its content decides (see organization.ts). */
const LOGO_UPLOAD_TYPES = [
  'application/octet-stream',
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'application/x-www-form-urlencoded',
];

const summary = (template: StoredLabelTemplate): LabelTemplateSummary => ({
  ID: String(template.id),
  Name: template.Name,
  Type: template.Type,
  Width: template.Width,
  Height: template.Height,
  Enabled: template.enabled,
  IsSystem: template.isSystem,
  CreatorName: template.creatorName,
  CreatedTime: new Date(template.createdAt).toISOString(),
});
const present = (template: StoredLabelTemplate) => ({
  ...summary(template),
  Components: template.Components,
});

/** An id of the contract (a string of digits) as the number stored, or 0 (found nowhere). */
const storedId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : 0);

/**
 * Label templates (SPEC §7 Label templates, issue #20). The administrators' screens (menu tagsDesign, shown
 * to organisations licensed for sample inspection or instrument management) list, create, edit, enable,
 * delete and upload icons; system templates are seen by all and changed by none. The products list the
 * templates they may use (Query) and have labels drawn as SVG (render): from a page with a member's
 * session, or from a product's server with the open API's access token under /api/Sdk/ucapi/. Every query
 * is the caller's organisation's, from the session or the token; every change writes its operation-log row.
 */
export const labelTemplatesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.addContentTypeParser(
    LOGO_UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: LABEL_LIMITS.logoBytesMax * 2 },
    (_r, body, done) => done(null, body),
  );
  const admin = { access: 'admin', menu: 'tagsDesign' } as const;
  const forProducts = {
    access: 'member',
    menu: { none: 'the products print with these templates' },
  } as const;
  const byToken = { access: 'public', openApi: 'token' } as const;
  const idAnswer = { 200: envelopeSchema(z.object({ ID: z.string() })) };
  const done = { 200: envelopeSchema(z.null()) };

  app.post(
    '/api/LabelTemplate/Page',
    {
      config: admin,
      schema: {
        body: labelTemplatePageQuerySchema,
        response: withFailures({ 200: envelopeSchema(labelTemplatePageSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const page = await labelTemplatePage(db, requireSession(request).orgId, request.body);
      return ok({ list: page.rows.map(summary), total: page.total });
    },
  );

  const queryRoute = {
    schema: {
      body: labelTemplateQuerySchema,
      response: withFailures({ 200: envelopeSchema(z.array(labelTemplateSchema)) }, [400, 401, 403, 500]),
    },
  };
  const query = async (orgId: number, { type, enabled = true }: z.infer<typeof labelTemplateQuerySchema>) =>
    ok((await labelTemplatesOf(db, orgId, { type, enabled })).map(present));
  app.post('/api/LabelTemplate/Query', { ...queryRoute, config: forProducts }, async (request) =>
    query(requireSession(request).orgId, request.body),
  );
  // The same for a product's server, with the open API's access token (the organisation is the token's).
  app.post('/api/Sdk/ucapi/LabelTemplate/Query', { ...queryRoute, config: byToken }, async (request) =>
    query(requireOpenApp(request).orgId, request.body),
  );

  app.get(
    '/api/CheckLabelTemplateName',
    {
      config: admin,
      schema: {
        querystring: labelTemplateNameQuerySchema,
        response: withFailures({ 200: envelopeSchema(labelTemplateNameAnswerSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const { name, id } = request.query;
      const except = id ? storedId(id) : undefined;
      return ok({
        exists: await labelTemplateNameTaken(db, requireSession(request).orgId, name, except),
      });
    },
  );

  app.post(
    '/api/LabelTemplate',
    {
      config: admin,
      schema: {
        body: labelTemplateInputSchema,
        response: withFailures(idAnswer, [400, 401, 403, 409, 413, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const id = await createLabelTemplate(db, session.orgId, request.body, operatorOf(session), now());
      return ok({ ID: String(id) });
    },
  );

  app.put(
    '/api/LabelTemplate/:id',
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: labelTemplateInputSchema,
        response: withFailures(idAnswer, [400, 401, 403, 404, 409, 413, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { id } = request.params;
      await updateLabelTemplate(db, session.orgId, id, request.body, operatorOf(session), now());
      return ok({ ID: String(id) });
    },
  );

  app.get(
    '/api/LabelTemplate/:id',
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        response: withFailures({ 200: envelopeSchema(labelTemplateDetailSchema) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => {
      const { orgId } = requireSession(request);
      const { template, logos } = await labelTemplateWithLogos(db, orgId, request.params.id);
      return ok({ ...present(template), Logos: logos });
    },
  );

  app.post(
    '/api/LabelTemplate/delete',
    {
      config: admin,
      schema: { body: labelTemplateDeleteSchema, response: withFailures(done, [400, 401, 403, 404, 500]) },
    },
    async (request) => {
      const session = requireSession(request);
      const ids = request.body.ids.map(storedId);
      await deleteLabelTemplates(db, session.orgId, ids, operatorOf(session), now());
      return ok(null);
    },
  );

  app.post(
    '/api/EnableLabelTemplate',
    {
      config: admin,
      schema: { body: labelTemplateEnableSchema, response: withFailures(done, [400, 401, 403, 404, 500]) },
    },
    async (request) => {
      const session = requireSession(request);
      const { id, enabled } = request.body;
      await enableLabelTemplate(db, session.orgId, storedId(id), enabled, operatorOf(session), now());
      return ok(null);
    },
  );

  // Besides the failures of any signed POST: too large (413), not a png, jpeg or svg (415).
  app.post(
    '/api/LabelTemplate/logo',
    {
      config: admin,
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > LABEL_LIMITS.logoBytesMax) {
          throw new ApiError(413, 'errors.labels.logoTooLarge', { max: '100KB' });
        }
      },
      schema: {
        response: withFailures({ 200: envelopeSchema(labelLogoSchema) }, [400, 401, 403, 413, 415, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await saveLabelLogo(db, session.orgId, body, operatorOf(session), now()));
    },
  );

  const renderRoute = {
    schema: {
      params: idParamsSchema,
      body: labelRenderBodySchema,
      response: withFailures(
        { 200: envelopeSchema(labelRenderAnswerSchema) },
        [400, 401, 403, 404, 409, 500],
      ),
    },
  };
  app.post('/api/LabelTemplate/:id/render', { ...renderRoute, config: forProducts }, async (request) => {
    const { orgId } = requireSession(request);
    return ok({ svgs: await renderLabels(db, orgId, request.params.id, request.body.records) });
  });
  app.post(
    '/api/Sdk/ucapi/LabelTemplate/:id/render',
    { ...renderRoute, config: byToken },
    async (request) => {
      const { orgId } = requireOpenApp(request);
      return ok({ svgs: await renderLabels(db, orgId, request.params.id, request.body.records) });
    },
  );
};
