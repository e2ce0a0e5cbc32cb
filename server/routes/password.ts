import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_PASSWORD_POLICY, presentPasswordRules } from '../../domain/rules/password-policy';
import { sessionInfoSchema } from '../../domain/schemas/account';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  type ModifyPasswordRequest,
  modifyPasswordRequestSchema,
  pwdRequiredRulesSchema,
  verifyOldPasswordRequestSchema,
} from '../../domain/schemas/password';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { accountAfterChange, setNewPassword, verifyOldPassword } from '../services/password-change-service';
import { orgPasswordPolicy } from '../services/password-policy-service';
import { buildSessionInfo } from '../presenters/session-info';
import type { RouteDeps } from './route-deps';

const rulesResponse = envelopeSchema(pwdRequiredRulesSchema);

/**
 * The password policy and the old-password path of SPEC §7 Password. A session that must change its
 * password may call all of these; a wrong old password counts toward the lock like a failed sign-in.
 */
export const passwordRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, now }) => {
  app.get(
    '/api/OrganizationConfig/PwdRequiredRules',
    {
      config: { allowDuringPasswordChange: true },
      schema: { response: withFailures({ 200: rulesResponse }, [400, 401, 403, 500]) },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(presentPasswordRules(await orgPasswordPolicy(db, session.orgId)));
    },
  );

  // Signed out (the reset wizard before the account is known): the deployment's defaults, for the hints.
  // The server still applies the account's own policy when the password is set.
  app.get(
    '/api/OrganizationConfig/PwdRequiredRules/Default',
    { config: { access: 'public' }, schema: { response: withFailures({ 200: rulesResponse }, [400, 500]) } },
    async () => ok(presentPasswordRules(DEFAULT_PASSWORD_POLICY)),
  );

  // Wrong old password 400 (a field error), the lock 401, too many attempts from the address 429.
  const changeFailures = [400, 401, 403, 404, 409, 413, 415, 429, 500] as const;

  app.post(
    '/api/Account/Password/Verify',
    {
      config: { allowDuringPasswordChange: true },
      schema: {
        body: verifyOldPasswordRequestSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, changeFailures),
      },
    },
    async (request) => {
      const session = requireSession(request);
      await verifyOldPassword(
        { db },
        {
          orgId: session.orgId,
          accountId: session.accountId,
          oldPassword: request.body.OldPassword,
          ip: request.ip,
        },
        now(),
      );
      return ok(null);
    },
  );

  // SPEC §7 names the phone app's change POST Account/Modify/Password/App: the same change.
  const modify = {
    config: { allowDuringPasswordChange: true },
    schema: {
      body: modifyPasswordRequestSchema,
      response: withFailures({ 200: envelopeSchema(sessionInfoSchema) }, changeFailures),
    },
  };
  const modifyHandler = async (request: FastifyRequest<{ Body: ModifyPasswordRequest }>) => {
    const session = requireSession(request);
    const { OldPassword, NewPassword, ConfirmPassword } = request.body;
    const at = now();
    await verifyOldPassword(
      { db },
      { orgId: session.orgId, accountId: session.accountId, oldPassword: OldPassword, ip: request.ip },
      at,
    );
    await setNewPassword(
      { db },
      {
        orgId: session.orgId,
        accountId: session.accountId,
        newPassword: NewPassword,
        confirmPassword: ConfirmPassword,
        keepSessionId: session.id,
      },
      at,
    );
    // The session goes on with the changed password: nothing is forced any more.
    const { account, orgSettings } = await accountAfterChange(db, config.modules, session);
    return ok(buildSessionInfo(account, session, null, orgSettings));
  };
  app.put('/api/Account/Password/Modify', modify, modifyHandler);
  app.post('/api/Account/Modify/Password/App', modify, modifyHandler);
};
