import { z } from 'zod';
import { CODE_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '../constants';
import { CONTACT_KINDS, GUIDED_TYPES, INDUSTRY_AREAS, REAL_NAME_MAX_LENGTH } from '../rules/personal';
import { accountInfoSchema } from './account';
import { requiredText } from './common';

/** GET /api/account/manageDetail/{id}: personal info, one's own or (an administrator's read) a member's of the organisation. */
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

const codeSchema = z.string().regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'errors.verification.codeFormat');

/**
 * The proof token of POST /api/account/identifierChangeProof that a change of a sign-in address needs
 * (beside SPEC's fields). Optional in the schema so that a body without it is answered 403
 * errors.personal.proofRequired, which says what is missing, rather than a bare validation failure.
 */
const proofTokenSchema = z.string().max(100).optional();

/** GET /api/account/identifierChangeProof: how this account proves its owner before an address changes. */
export const identifierProofOptionsSchema = z.object({
  Method: z.enum(['password', 'code']),
  /** For the code: the current addresses a code can be sent to (on a channel this deployment has). */
  Addresses: z.array(z.object({ Kind: z.enum(CONTACT_KINDS), Address: z.string() })),
});
export type IdentifierProofOptions = z.infer<typeof identifierProofOptionsSchema>;

/** POST /api/account/identifierChangeProof/sendCode: a code to the account's CURRENT address of a kind. */
export const identifierProofCodeRequestSchema = z.strictObject({ kind: z.enum(CONTACT_KINDS) });

/**
 * POST /api/account/identifierChangeProof: the current password, or (an account without one) the kind of
 * current address a code went to and the code.
 */
export const identifierProofRequestSchema = z.strictObject({
  password: z.string().max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.password.tooLong').optional(),
  kind: z.enum(CONTACT_KINDS).optional(),
  verificationCode: codeSchema.optional(),
});
export type IdentifierProofRequest = z.input<typeof identifierProofRequestSchema>;

/** The proof: valid once, until ExpiresAt, for this account and this session only. */
export const identifierProofSchema = z.object({ ProofToken: z.string(), ExpiresAt: z.number() });
export type IdentifierProof = z.infer<typeof identifierProofSchema>;

/** POST /api/verificationCode/mobile and /email: a code to the NEW address (checkType 3, SPEC §7). */
export const contactCodeRequestSchema = z.strictObject({
  account: addressSchema,
  checkType: z.literal(3),
  proofToken: proofTokenSchema,
});
export type ContactCodeRequest = z.input<typeof contactCodeRequestSchema>;

/** PUT /api/account/modifyMobilePhone. */
export const modifyMobileRequestSchema = z.strictObject({
  accountId: z.number().int().positive(),
  mobilePhone: addressSchema,
  verificationCode: codeSchema,
  proofToken: proofTokenSchema,
});
export type ModifyMobileRequest = z.input<typeof modifyMobileRequestSchema>;

/** PUT /api/account/modifyEmail. */
export const modifyEmailRequestSchema = z.strictObject({
  accountId: z.number().int().positive(),
  email: addressSchema,
  verificationCode: codeSchema,
  proofToken: proofTokenSchema,
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
