import { z } from 'zod';
import { CODE_LENGTH } from '../constants';
import { GUIDED_TYPES, INDUSTRY_AREAS, REAL_NAME_MAX_LENGTH } from '../rules/personal';
import { accountInfoSchema } from './account';
import { requiredText } from './common';

/** GET /api/account/manageDetail/{id}: the signed-in member's own personal info. */
export const personalInfoSchema = z.object({
  ID: z.number(),
  RealName: z.string(),
  Photo: z.string(),
  MobilePhone: z.string(),
  Email: z.string(),
  IndustryArea: z.enum(INDUSTRY_AREAS).or(z.literal('')),
});
export type PersonalInfo = z.infer<typeof personalInfoSchema>;

/**
 * PUT /api/account/manageModify/{userId}: what a member may change about themself. Strict: any other field
 * (IsOrganAdmin, OrgID, a department, an address) is refused as bad input, never applied.
 */
export const personalUpdateSchema = z.strictObject({
  RealName: requiredText(REAL_NAME_MAX_LENGTH, {
    required: 'errors.personal.nameRequired',
    tooLong: 'errors.personal.nameTooLong',
  }),
  IndustryArea: z.union([z.enum(INDUSTRY_AREAS), z.literal('')], {
    error: 'errors.personal.industryUnknown',
  }),
});
export type PersonalUpdate = z.input<typeof personalUpdateSchema>;

/** GET /api/systemCode/industryArea: the choices, named in the caller's language. */
export const industryAreasSchema = z.array(z.object({ Value: z.enum(INDUSTRY_AREAS), Name: z.string() }));
export type IndustryAreaOption = z.infer<typeof industryAreasSchema>[number];

/** A new mobile number or email as typed. */
const addressSchema = requiredText(254, { required: 'errors.personal.addressRequired' });

/** POST /api/verificationCode/mobile and /email: a code to the NEW address (checkType 3, SPEC §7). */
export const contactCodeRequestSchema = z.strictObject({
  account: addressSchema,
  checkType: z.literal(3),
});
export type ContactCodeRequest = z.input<typeof contactCodeRequestSchema>;

const codeSchema = z.string().regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'errors.verification.codeFormat');

/** PUT /api/account/modifyMobilePhone. */
export const modifyMobileRequestSchema = z.strictObject({
  accountId: z.number().int().positive(),
  mobilePhone: addressSchema,
  verificationCode: codeSchema,
});
export type ModifyMobileRequest = z.input<typeof modifyMobileRequestSchema>;

/** PUT /api/account/modifyEmail. */
export const modifyEmailRequestSchema = z.strictObject({
  accountId: z.number().int().positive(),
  email: addressSchema,
  verificationCode: codeSchema,
});
export type ModifyEmailRequest = z.input<typeof modifyEmailRequestSchema>;

/** What a contact change or photo upload answers: the account as the session shows it now. */
export const personalChangeSchema = accountInfoSchema;

/** GET /api/Account/SetGuided/{type}. */
export const setGuidedParamsSchema = z.object({ type: z.enum(GUIDED_TYPES) });

/** POST /api/account/photo answers the photo's new URL. */
export const photoUploadSchema = z.object({ Photo: z.string() });

/** GET /api/account/photo/{id}: `v` only busts caches. */
export const photoQuerySchema = z.object({ v: z.string().max(20).optional() });
