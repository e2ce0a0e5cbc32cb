import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecondaryVerificationMode } from '../../domain/constants';
import type { PasswordPolicy } from '../../domain/rules/password-policy';
import { parseExpiry, recommendedMinLength } from '../../domain/rules/password-policy';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  passwordPolicySettingSchema,
  type PasswordPolicyView,
  passwordPolicyViewSchema,
} from '../../domain/schemas/password-policy';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import {
  passwordPolicyOf,
  PasswordPolicyError,
  updatePasswordPolicy,
  verificationModeOf,
} from '../services/password-policy-service';
import type { RouteDeps } from './route-deps';

/** A policy as the screen shows it, with NIST's minimum length for the organisation's sign-in. */
function presentPolicy(policy: PasswordPolicy, mode: SecondaryVerificationMode): PasswordPolicyView {
  return {
    MinLength: policy.minLength,
    MaxLength: policy.maxLength,
    RequiredClasses: [...policy.requiredClasses],
    Expiry: policy.expiry,
    HistoryDepth: policy.historyDepth,
    LockAfter: policy.lockAfter,
    RecommendedMinLength: recommendedMinLength(mode),
  };
}

/**
 * The organisation's password policy for its administrators (SPEC §7 Settings, organizationConfig):
 * read, and saved whole through the same service as `npm run cli -- org:password-policy` (bounds checked,
 * the operation-log row in the same transaction). Sign-in reads it on every attempt, so a stricter policy
 * sends each member whose password falls short or has expired to the password change at their next sign-in.
 */
export const passwordPolicyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const response = { 200: envelopeSchema(passwordPolicyViewSchema) };

  app.get(
    '/api/organizationConfig/passwordPolicy',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: { response: withFailures(response, [400, 401, 403, 500]) },
    },
    async (request) => {
      const { orgId } = requireSession(request);
      const { policy, mode } = await passwordPolicyOf(db, orgId);
      return ok(presentPolicy(policy, mode));
    },
  );

  app.put(
    '/api/organizationConfig/passwordPolicy',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: passwordPolicySettingSchema,
        response: withFailures(response, [400, 401, 403, 404, 413, 415, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const body = request.body;
      try {
        const saved = await updatePasswordPolicy(changeContextOf(db, session, now()), {
          minLength: body.MinLength,
          maxLength: body.MaxLength,
          requiredClasses: body.RequiredClasses,
          expiry: parseExpiry(body.Expiry) ?? 'never',
          historyDepth: body.HistoryDepth,
          lockAfter: body.LockAfter,
        });
        return ok(presentPolicy(saved, await verificationModeOf(db, session.orgId)));
      } catch (error) {
        if (error instanceof PasswordPolicyError) {
          const { field, min, max } = error.problem;
          throw new ApiError(400, `errors.passwordPolicy.${field}`, { min, max });
        }
        throw error;
      }
    },
  );
};
