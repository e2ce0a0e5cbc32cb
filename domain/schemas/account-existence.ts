import { z } from 'zod';
import { ACCOUNT_MAX_LENGTH } from '../constants';
import { parseMemberAccount } from '../rules/members';
import { requiredText } from './common';

/**
 * A mobile number or an email as typed, read the way duplicates are compared (spaces, full-width digits
 * and +86 folded; email in lower case), or refused as 'Wrong mobile number' / 'Wrong Email'.
 */
function identifierSchema(kind: 'mobile' | 'email') {
  const key = kind === 'mobile' ? 'errors.validation.invalidMobile' : 'errors.validation.invalidEmail';
  return requiredText(ACCOUNT_MAX_LENGTH, { required: key, tooLong: key }).transform((typed, ctx) => {
    const parsed = parseMemberAccount(typed);
    if (parsed.kind === kind) return parsed.value;
    ctx.addIssue({ code: 'custom', message: key });
    return z.NEVER;
  });
}

/** Body of POST /api/account/isExistMobile (SPEC §7 Auth). */
export const isExistMobileRequestSchema = z.object({ mobilePhone: identifierSchema('mobile') });
export type IsExistMobileRequest = z.input<typeof isExistMobileRequestSchema>;

/** Body of POST /api/account/isExistEmail (SPEC §7 Auth). */
export const isExistEmailRequestSchema = z.object({ email: identifierSchema('email') });
export type IsExistEmailRequest = z.input<typeof isExistEmailRequestSchema>;

/**
 * Answer of both: whether an account of the deployment signs in with it (true or false) for an organisation
 * administrator, who may not add a second one anyway; null for anyone else, whoever they are and whatever
 * they ask, so the calls cannot tell who has an account (DESIGN §5).
 */
export const accountExistsSchema = z.boolean().nullable();
export type AccountExists = z.infer<typeof accountExistsSchema>;
