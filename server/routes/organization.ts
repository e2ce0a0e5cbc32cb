import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translateIfKnown } from '../core/translate';
import { LOGO_MAX_BYTES, LOGO_MAX_LABEL } from '../../domain/rules/organization-logo';
import { envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import {
  organizationAuthorizeInfoSchema,
  organizationSchema,
  organizationUpdateSchema,
  platformInfoSchema,
} from '../../domain/schemas/organization';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import {
  organizationFigures,
  organizationLogo,
  organizationOf,
  organizationProducts,
  saveOrganizationLogo,
  updateOrganization,
} from '../services/organization-service';
import type { RouteDeps } from './route-deps';

/**
 * Content types a logo upload may arrive as; what it really is, the magic bytes decide. axios labels any
 * Blob it posts as a form (application/x-www-form-urlencoded), so that type is taken too, in this plugin only.
 */
const LOGO_UPLOAD_TYPES = [
  'application/octet-stream',
  'image/png',
  'image/jpeg',
  'application/x-www-form-urlencoded',
];

/**
 * The Organisation info screen (orgInfo, SPEC §7 Organisation: organization/my, PUT organization/{ID},
 * platformInfo, authorizeInfo) and the logo upload. Administrators only, except the logo image, which any
 * member of the organisation may load. The organisation is always the caller's own, from the session: an
 * {ID} that is not it is not found.
 */
export const organizationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, now }) => {
  // The logo arrives as the file's raw bytes. Only in this plugin's scope; a body a little over the limit
  // still reaches the handler so the answer names the limit, a far larger one is cut off unread.
  app.addContentTypeParser(
    LOGO_UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES * 2 },
    (_r, body, done) => done(null, body),
  );

  const readOrganization = async (orgId: number) => {
    const organization = await organizationOf(db, orgId);
    return {
      ID: Number(organization.id),
      OrgName: organization.name,
      Logo: organization.logo,
      Industry: organization.industry,
      Contact: organization.contact,
    };
  };
  const organizationResponse = { 200: envelopeSchema(organizationSchema) };

  app.get(
    '/api/organization/my',
    {
      config: { access: 'admin', menu: 'orgInfo' },
      schema: { response: withFailures(organizationResponse, [400, 401, 403, 404, 500]) },
    },
    async (request) => ok(await readOrganization(requireSession(request).orgId)),
  );

  app.put(
    '/api/organization/:id',
    {
      config: { access: 'admin', menu: 'orgInfo' },
      schema: {
        params: idParamsSchema,
        body: organizationUpdateSchema,
        response: withFailures(organizationResponse, [400, 401, 403, 404, 409, 413, 415, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      if (request.params.id !== session.orgId) throw new ApiError(404, 'errors.organization.notFound');
      await updateOrganization(changeContextOf(db, session, now()), request.body);
      return ok(await readOrganization(session.orgId));
    },
  );

  app.get(
    '/api/organization/platformInfo',
    {
      config: { access: 'admin', menu: 'orgInfo' },
      schema: {
        response: withFailures({ 200: envelopeSchema(platformInfoSchema) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { organization, counts } = await organizationFigures(db, session.orgId);
      return ok({
        Version: config.version,
        Deployment: config.deployment,
        CreatedAt: Number(organization.created_at),
        MemberCount: counts.members,
        AdminCount: counts.admins,
        DepartmentCount: counts.departments,
      });
    },
  );

  app.get(
    '/api/organization/authorizeInfo',
    {
      config: { access: 'admin', menu: 'orgInfo' },
      schema: {
        response: withFailures(
          { 200: envelopeSchema(organizationAuthorizeInfoSchema) },
          [400, 401, 403, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const products = await organizationProducts(db, session.orgId);
      return ok(
        products.map((product) => ({
          ID: product.id,
          Code: product.code,
          PlatformName: translateIfKnown(request.language, `products.${product.code}.name`),
          Introduction: translateIfKnown(request.language, `products.${product.code}.intro`),
          IsAuthorized: product.grantedAt !== null,
          GrantedAt: product.grantedAt,
          AccountCount: product.accountCount,
        })),
      );
    },
  );

  // Besides the failures of any signed POST: no file (400), too large (413), not a png or jpeg (415).
  app.post(
    '/api/organization/logo',
    {
      config: { access: 'admin', menu: 'orgInfo' },
      // A length announced over the limit is refused before its bytes are read.
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > LOGO_MAX_BYTES) {
          throw new ApiError(413, 'errors.organization.logoTooLarge', { max: LOGO_MAX_LABEL });
        }
      },
      schema: {
        response: withFailures(
          { 200: envelopeSchema(z.object({ Logo: z.string() })) },
          [400, 401, 403, 404, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const url = await saveOrganizationLogo(changeContextOf(db, session, now()), body);
      return ok({ Logo: url });
    },
  );

  // The logo image of the caller's own organisation; `v` only busts caches.
  app.get(
    '/api/organization/logo',
    {
      config: { access: 'member' },
      schema: {
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: withFailures(
          { 200: z.unknown().describe('a png or jpeg image') },
          [400, 401, 403, 404, 500],
        ),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const logo = await organizationLogo(db, session.orgId);
      return reply
        .type(logo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(logo.data);
    },
  );
};
