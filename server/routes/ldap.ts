import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  ldapSettingResponseSchema,
  ldapSettingSchema,
  ldapTestRequestSchema,
  ldapTestResultSchema,
} from '../../domain/schemas/ldap';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import { ldapSettingOf, saveLdapSetting, testLdapSetting } from '../services/ldap-settings-service';
import type { RouteDeps } from './route-deps';

/**
 * The organisation administrator's AD/LDAP sign-in setting (system settings). The organisation is the
 * administrator's own, from the session.
 */
export const ldapRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, now, outbound }) => {
  const settingResponse = { 200: envelopeSchema(ldapSettingResponseSchema) };

  app.get(
    '/api/organizationConfig/ldap',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: { response: withFailures(settingResponse, [400, 401, 403, 500]) },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(await ldapSettingOf(db, session.orgId));
    },
  );

  // Bad input or signature or an address the outbound guard refuses, signed out, not an administrator, a
  // domain another organisation uses, replayed, unreadable body, the unexpected.
  app.put(
    '/api/organizationConfig/ldap',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: ldapSettingSchema,
        response: withFailures(settingResponse, [400, 401, 403, 409, 413, 415, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const at = now();
      const setting = await saveLdapSetting(changeContextOf(db, session, at), request.body, outbound);
      return ok({ setting, updatedAt: at });
    },
  );

  // Besides the failures of any signed POST: the directory refused the test user or its address is one
  // the outbound guard refuses (400), too many refused tests from this address (429), the directory
  // unreachable or its certificate unverifiable (503).
  app.post(
    '/api/organizationConfig/ldap/test',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: ldapTestRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(ldapTestResultSchema) },
          [400, 401, 403, 409, 413, 415, 429, 500, 503],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const result = await testLdapSetting(
        db,
        session.orgId,
        { ...request.body, ip: request.ip },
        { timeoutMs: config.ldapTimeoutMs, outbound },
        now(),
      );
      return ok(result);
    },
  );
};
