import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../core/translate';
import { ESIGN_STRENGTHS } from '../../domain/rules/esign';
import { emptyDataSchema, envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import {
  configurationOptionsParamsSchema,
  configurationOptionsSchema,
  esignInfoSchema,
  esignLoginPasswordSchema,
  esignModifySchema,
  esignSettingSchema,
  esignVerifiedSchema,
  esignVerifySchema,
} from '../../domain/schemas/esign';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession, type RequestSession } from '../plugins/session';
import {
  type EsignMember,
  proveLoginPassword,
  readEsign,
  saveEsignSettings,
  setEsignPassword,
  useLoginPasswordForEsign,
  verifyEsignPassword,
} from '../services/esign-service';
import type { RouteDeps } from './route-deps';

/** Failures of a member's signed change: bad input, locked or signed out, not theirs, state, too many. */
const MEMBER_FAILURES = [400, 401, 403, 404, 409, 429, 500] as const;

/**
 * The personal signature page's menu code: its changes. GET Esign and VerifyEsignPassword serve the
 * products and the settings screen too, so they name none.
 */
const SIGNATURE_PAGE = 'signature';

/** The member acting on `id`: only their own account (403 otherwise), organisation from the session. */
function ownMember(session: RequestSession, id: number, ip: string): EsignMember {
  if (id !== session.accountId) throw new ApiError(403, 'errors.esign.notOwnAccount');
  return { orgId: session.orgId, accountId: session.accountId, ip };
}

/**
 * Electronic signature (SPEC §7 Esign). Members read their organisation's settings and their own state (GET
 * Esign), prove their login password (Esign/verifyLoginPassword/{id}), set a separate signature password
 * (Esign/Modify/{id}) or sign with the login password where allowed (EnableAssociatedLoginPassword/{id}),
 * and products verify a signature (VerifyEsignPassword/{id}). {id} is always the caller's own account.
 * Administrators save the settings (esign/save) with an operation-log row. SPEC lists the last two without
 * the Esign/ prefix; both spellings answer.
 */
export const esignRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const infoResponse = { 200: envelopeSchema(esignInfoSchema) };
  const emptyResponse = { 200: envelopeSchema(emptyDataSchema) };

  app.get(
    '/api/Esign',
    { schema: { response: withFailures(infoResponse, [400, 401, 403, 500]) } },
    async (request) => {
      const session = requireSession(request);
      return ok(await readEsign(db, session.orgId, session.accountId, now()));
    },
  );

  app.post(
    '/api/esign/save',
    {
      config: { access: 'admin', menu: 'esignSetting' },
      schema: {
        body: esignSettingSchema,
        response: withFailures(infoResponse, [400, 401, 403, 404, 409, 429, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { Enabled, Strength, MinLength, AllowSameAsLogin } = request.body;
      await saveEsignSettings(changeContextOf(db, session, now()), {
        enabled: Enabled,
        strength: Strength,
        minLength: MinLength,
        allowSameAsLogin: AllowSameAsLogin,
      });
      return ok(await readEsign(db, session.orgId, session.accountId, now()));
    },
  );

  app.post(
    '/api/Esign/verifyLoginPassword/:id',
    {
      config: { menu: SIGNATURE_PAGE },
      schema: {
        params: idParamsSchema,
        body: esignLoginPasswordSchema,
        response: withFailures(emptyResponse, MEMBER_FAILURES),
      },
    },
    async (request) => {
      const member = ownMember(requireSession(request), request.params.id, request.ip);
      await proveLoginPassword(db, member, request.body.LoginPassword, now());
      return ok(null);
    },
  );

  app.post(
    '/api/Esign/Modify/:id',
    {
      config: { menu: SIGNATURE_PAGE },
      schema: {
        params: idParamsSchema,
        body: esignModifySchema,
        response: withFailures(infoResponse, MEMBER_FAILURES),
      },
    },
    async (request) => {
      const member = ownMember(requireSession(request), request.params.id, request.ip);
      await setEsignPassword(db, member, request.body, now());
      return ok(await readEsign(db, member.orgId, member.accountId, now()));
    },
  );

  for (const url of [
    '/api/EnableAssociatedLoginPassword/:id',
    '/api/Esign/EnableAssociatedLoginPassword/:id',
  ]) {
    app.post(
      url,
      {
        config: { menu: SIGNATURE_PAGE },
        schema: {
          params: idParamsSchema,
          body: esignLoginPasswordSchema,
          response: withFailures(infoResponse, MEMBER_FAILURES),
        },
      },
      async (request) => {
        const member = ownMember(requireSession(request), request.params.id, request.ip);
        await useLoginPasswordForEsign(db, member, request.body.LoginPassword, now());
        return ok(await readEsign(db, member.orgId, member.accountId, now()));
      },
    );
  }

  for (const url of ['/api/VerifyEsignPassword/:id', '/api/Esign/VerifyEsignPassword/:id']) {
    app.post(
      url,
      {
        schema: {
          params: idParamsSchema,
          body: esignVerifySchema,
          response: withFailures({ 200: envelopeSchema(esignVerifiedSchema) }, MEMBER_FAILURES),
        },
      },
      async (request) => {
        const member = ownMember(requireSession(request), request.params.id, request.ip);
        await verifyEsignPassword(db, member, request.body.Password, now());
        return ok({ Verified: true as const });
      },
    );
  }

  app.get(
    '/api/configurations/Options/:id',
    {
      schema: {
        params: configurationOptionsParamsSchema,
        response: withFailures(
          { 200: envelopeSchema(configurationOptionsSchema) },
          [400, 401, 403, 404, 500],
        ),
      },
    },
    async (request) => {
      if (request.params.id.toLowerCase() !== 'esignpasswordstrength') {
        throw new ApiError(404, 'errors.esign.unknownOption');
      }
      return ok(
        ESIGN_STRENGTHS.map((value) => ({
          Value: value,
          Name: translate(request.language, `esign.strengths.${value}`),
        })),
      );
    },
  );
};
