import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../core/translate';
import {
  type ContactKind,
  INDUSTRY_AREAS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_LABEL,
} from '../../domain/rules/personal';
import { emptyDataSchema, envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import {
  contactCodeRequestSchema,
  industryAreasSchema,
  modifyEmailRequestSchema,
  modifyMobileRequestSchema,
  personalChangeSchema,
  personalInfoSchema,
  personalUpdateSchema,
  photoQuerySchema,
  photoUploadSchema,
  setGuidedParamsSchema,
} from '../../domain/schemas/personal';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { requireOwnOrMemberPage } from '../plugins/menu-access';
import { requireSession, type RequestSession } from '../plugins/session';
import {
  changeContact,
  photoOf,
  readPersonalInfo,
  savePhoto,
  sendContactCode,
  setGuided,
  updateProfile,
} from '../services/personal-service';
import { OWN_CHANGE_FAILURES, ownAccountOf, PERSONAL_INFO_PAGE } from './own-account';
import { type CodeSendingRouteDeps, logCodeDeliveryFailure } from './route-deps';

/** Content types a photo upload may arrive as; what it really is, the magic bytes decide. */
const PHOTO_UPLOAD_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg'];

/** Only the member themself: another account's id is not found (it is not theirs to read or change). */
function ownId(session: RequestSession, id: number): void {
  if (id !== session.accountId) throw new ApiError(404, 'errors.request.notFound');
}

/**
 * Personal info (/person, SPEC §7 Profile): the member's own name, industry area, photo, mobile and email
 * (a new address proven by a code sent to it, after the owner proved themself: identifier-proof routes),
 * and the guided-tour flags. Every route acts on the caller's
 * own account from the session; bodies are strict, so IsOrganAdmin, OrgID or any other field is refused.
 */
export const personalRoutes: FastifyPluginAsyncZod<CodeSendingRouteDeps> = async (
  app,
  { db, now, senders },
) => {
  const deps = {
    db,
    senders,
    onDeliveryFailure: logCodeDeliveryFailure(app.log),
  };
  // The photo arrives as the file's raw bytes; a body a little over the limit still reaches the handler
  // so the answer names the limit, a far larger one is cut off unread.
  app.addContentTypeParser(
    PHOTO_UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES * 2 },
    (_r, body, done) => done(null, body),
  );

  const readInfo = (session: RequestSession) => readPersonalInfo(db, session.orgId, session.accountId);

  app.get(
    '/api/account/manageDetail/:id',
    {
      // The menu is checked in the handler: one's own details are this page's; another member's, read by an
      // administrator of the organisation, the Members screen's ('member'); a member asking about another 403.
      schema: {
        params: idParamsSchema,
        response: withFailures({ 200: envelopeSchema(personalInfoSchema) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await requireOwnOrMemberPage(db, session, request.params.id, PERSONAL_INFO_PAGE);
      return ok(await readPersonalInfo(db, session.orgId, request.params.id));
    },
  );

  app.put(
    '/api/account/manageModify/:userId',
    {
      config: { menu: PERSONAL_INFO_PAGE },
      schema: {
        params: z.object({ userId: z.coerce.number().int().positive() }),
        body: personalUpdateSchema,
        response: withFailures({ 200: envelopeSchema(personalInfoSchema) }, OWN_CHANGE_FAILURES),
      },
    },
    async (request) => {
      const session = requireSession(request);
      ownId(session, request.params.userId);
      await updateProfile(db, session, {
        realName: request.body.RealName,
        industryArea: request.body.IndustryArea,
      });
      return ok(await readInfo(session));
    },
  );

  app.get(
    '/api/systemCode/industryArea',
    {
      schema: { response: withFailures({ 200: envelopeSchema(industryAreasSchema) }, [400, 401, 403, 500]) },
    },
    async (request) =>
      ok(
        INDUSTRY_AREAS.map((value) => ({
          Value: value,
          Name: translate(request.language, `personal.industries.${value}`),
        })),
      ),
  );

  for (const kind of ['mobile', 'email'] as const) {
    app.post(
      `/api/verificationCode/${kind}`,
      {
        config: { menu: PERSONAL_INFO_PAGE },
        schema: {
          body: contactCodeRequestSchema,
          response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, OWN_CHANGE_FAILURES),
        },
      },
      async (request) => {
        const session = requireSession(request);
        await sendContactCode(
          deps,
          ownAccountOf(session),
          { kind, address: request.body.account, ip: request.ip, proofToken: request.body.proofToken },
          now(),
        );
        return ok(null);
      },
    );
  }

  /** A change of the caller's own sign-in mobile number or email, by the code sent to the new address. */
  const changeOwnContact = async (
    request: FastifyRequest,
    accountId: number,
    change: { kind: ContactKind; address: string; code: string; proofToken?: string },
  ) => {
    const session = requireSession(request);
    ownId(session, accountId);
    return ok(await changeContact(deps, ownAccountOf(session), { ...change, ip: request.ip }, now()));
  };

  app.put(
    '/api/account/modifyMobilePhone',
    {
      config: { menu: PERSONAL_INFO_PAGE },
      schema: {
        body: modifyMobileRequestSchema,
        response: withFailures({ 200: envelopeSchema(personalChangeSchema) }, OWN_CHANGE_FAILURES),
      },
    },
    async (request) => {
      const { accountId, mobilePhone, verificationCode, proofToken } = request.body;
      return changeOwnContact(request, accountId, {
        kind: 'mobile',
        address: mobilePhone,
        code: verificationCode,
        proofToken,
      });
    },
  );

  app.put(
    '/api/account/modifyEmail',
    {
      config: { menu: PERSONAL_INFO_PAGE },
      schema: {
        body: modifyEmailRequestSchema,
        response: withFailures({ 200: envelopeSchema(personalChangeSchema) }, OWN_CHANGE_FAILURES),
      },
    },
    async (request) => {
      const { accountId, email, verificationCode, proofToken } = request.body;
      return changeOwnContact(request, accountId, {
        kind: 'email',
        address: email,
        code: verificationCode,
        proofToken,
      });
    },
  );

  app.post(
    '/api/account/photo',
    {
      config: { menu: PERSONAL_INFO_PAGE },
      // A length announced over the limit is refused before its bytes are read.
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > PHOTO_MAX_BYTES) {
          throw new ApiError(413, 'errors.personal.photoTooLarge', { max: PHOTO_MAX_LABEL });
        }
      },
      schema: { response: withFailures({ 200: envelopeSchema(photoUploadSchema) }, OWN_CHANGE_FAILURES) },
    },
    async (request) => {
      const session = requireSession(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok({ Photo: await savePhoto(deps, ownAccountOf(session), body, now()) });
    },
  );

  // A photo of a member of the caller's own organisation; another organisation's is not found.
  app.get(
    '/api/account/photo/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: photoQuerySchema,
        response: withFailures(
          { 200: z.unknown().describe('a png or jpeg image') },
          [400, 401, 403, 404, 500],
        ),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const photo = await photoOf(db, session.orgId, request.params.id);
      if (!photo) throw new ApiError(404, 'errors.request.notFound');
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(photo.data);
    },
  );

  // SPEC keeps this a GET; it changes state, so it must be signed like a POST.
  app.get(
    '/api/Account/SetGuided/:type',
    {
      config: { signed: true },
      schema: {
        params: setGuidedParamsSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, [400, 401, 403, 409, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await setGuided(db, session, request.params.type);
      return ok(null);
    },
  );
};
