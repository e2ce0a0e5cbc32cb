import { z } from 'zod';
import {
  DEFAULT_PAGE_INDEX,
  DEFAULT_PAGE_SIZE,
  LOGIN_PASSWORD_MAX_LENGTH,
  MAX_PAGE_SIZE,
} from '../constants';
import { MEMBER_BATCH_MAX } from '../rules/members';
import { requiredText } from './common';

/** Longest member name and search keyword. */
export const MEMBER_NAME_MAX_LENGTH = 50;
const KEYWORD_MAX_LENGTH = 100;
const ACCOUNT_NAME_MAX_LENGTH = 254;

const idSchema = z.number().int().positive();
const nameSchema = requiredText(MEMBER_NAME_MAX_LENGTH);
const accountNameSchema = requiredText(ACCOUNT_NAME_MAX_LENGTH);
const productCodesSchema = z.array(z.string().max(32)).max(50);

/** Body of POST /api/account/managePage: a page of the organisation's members, searched and filtered. */
export const memberPageRequestSchema = z.object({
  pageIndex: z.number().int().min(1).default(DEFAULT_PAGE_INDEX),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** A prefix of the name, the mobile number or the email. */
  keyword: z.string().max(KEYWORD_MAX_LENGTH, 'errors.validation.tooLong').optional(),
  /** Members of this department (not its sub-departments). */
  deptId: idSchema.optional(),
  /** Only administrators (true) or only ordinary members (false). */
  isAdmin: z.boolean().optional(),
  /** Only locked (true) or only unlocked (false) members. */
  locked: z.boolean().optional(),
  /** Only members licensed for this product code. */
  product: z.string().max(32).optional(),
});
export type MemberPageRequest = z.input<typeof memberPageRequestSchema>;

/** A yes/no filter in a query string. */
const flagSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * Query of GET /api/account/managePage: the same page as the POST, as text. A read: its signature's
 * nonce is not stored, so listing members costs the database no write.
 */
export const memberPageQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).default(DEFAULT_PAGE_INDEX),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  keyword: z.string().max(KEYWORD_MAX_LENGTH, 'errors.validation.tooLong').optional(),
  deptId: z.coerce.number().int().positive().optional(),
  isAdmin: flagSchema.optional(),
  locked: flagSchema.optional(),
  product: z.string().max(32).optional(),
});

/** One member of the list (SPEC §3 member): name, account, department, superior, role, state, products. */
export const memberRowSchema = z.object({
  ID: z.number(),
  RealName: z.string(),
  MobilePhone: z.string().nullable(),
  Email: z.string().nullable(),
  DeptID: z.number().nullable(),
  DeptName: z.string().nullable(),
  SuperiorID: z.number().nullable(),
  SuperiorName: z.string().nullable(),
  IsOrganAdmin: z.number(),
  Locked: z.boolean(),
  /** Product codes the member is licensed for. */
  Products: z.array(z.string()),
  /** Epoch ms. */
  RegisterTime: z.number(),
  LastLoginTime: z.number().nullable(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

/** Answer of POST /api/account/managePage, with the product codes the organisation is licensed for. */
export const memberPageSchema = z.object({
  total: z.number(),
  rows: z.array(memberRowSchema),
  OrgProducts: z.array(z.string()),
});
export type MemberPage = z.infer<typeof memberPageSchema>;

/**
 * POST /api/account: a new member. Without Password one is generated and answered once; either way it is
 * an initial password that must be changed at the first sign-in.
 */
export const memberCreateSchema = z.object({
  Account: accountNameSchema,
  RealName: nameSchema,
  DeptID: idSchema.nullable().default(null),
  SuperiorID: idSchema.nullable().default(null),
  Products: productCodesSchema.default([]),
  Password: z.string().min(1).max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.password.tooLong').optional(),
});
export type MemberCreate = z.input<typeof memberCreateSchema>;

/**
 * Where a generated initial password was sent (mail or SMS, when the deployment has one for the member)
 * and whether it went; when it did not, the password is shown to the administrator instead.
 */
export const passwordDeliverySchema = z.object({
  Channel: z.enum(['email', 'sms']),
  /** The email address or mobile number it was sent to. */
  To: z.string(),
  Sent: z.boolean(),
});
export type PasswordDelivery = z.infer<typeof passwordDeliverySchema>;

/**
 * The new member's id, and the generated password to show once: null when the administrator typed one
 * or when it was sent to the member (Delivery says where).
 */
export const memberCreatedSchema = z.object({
  ID: z.number(),
  /** The account name as stored (a mobile number without spaces, a lower-case email). */
  Account: z.string(),
  Password: z.string().nullable(),
  /** Null: not sent (the administrator typed it, or no mail or SMS is configured for the member). */
  Delivery: passwordDeliverySchema.nullable(),
});
export type MemberCreated = z.infer<typeof memberCreatedSchema>;

/**
 * PUT /api/account/modify/{id}: name, account name, department and superior; absent fields stay. Anything
 * else in the body (IsOrganAdmin, a status, an organisation) is dropped by the schema: the administrator
 * right changes only through setManager, with its rules.
 */
export const memberUpdateSchema = z.object({
  Account: accountNameSchema.optional(),
  RealName: nameSchema.optional(),
  DeptID: idSchema.nullable().optional(),
  SuperiorID: idSchema.nullable().optional(),
});
export type MemberUpdate = z.input<typeof memberUpdateSchema>;

/** The members a batch action picks: at least one (the rule answers errors.members.noneSelected). */
const pickedSchema = z.array(idSchema).max(MEMBER_BATCH_MAX, 'errors.members.tooMany');

/** POST /api/account/remove, /initPassword, /api/accountsHistory/recovery. */
export const memberIdsSchema = z.object({ IDs: pickedSchema });
export type MemberIds = z.infer<typeof memberIdsSchema>;

/** POST /api/account/setManager: make the picked members administrators (1) or ordinary members (0). */
export const memberSetAdminSchema = z.object({
  IDs: pickedSchema,
  IsOrganAdmin: z.union([z.literal(0), z.literal(1)]),
});
export type MemberSetAdmin = z.infer<typeof memberSetAdminSchema>;

/** POST /api/account/changeDept: move the picked members to a department (null: none). */
export const memberChangeDeptSchema = z.object({ IDs: pickedSchema, DeptID: idSchema.nullable() });
export type MemberChangeDept = z.infer<typeof memberChangeDeptSchema>;

/**
 * Answer of POST /api/account/initPassword: each member's one-time password, shown once, or null when it
 * was sent to the member by mail or SMS (Delivery).
 */
export const memberPasswordsSchema = z.object({
  Passwords: z.array(
    z.object({
      ID: z.number(),
      Account: z.string(),
      Password: z.string().nullable(),
      Delivery: passwordDeliverySchema.nullable(),
    }),
  ),
});
export type MemberPasswords = z.infer<typeof memberPasswordsSchema>;

/** Body of POST /api/accountsHistory/page. */
export const formerMemberPageRequestSchema = z.object({
  pageIndex: z.number().int().min(1).default(DEFAULT_PAGE_INDEX),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  keyword: z.string().max(KEYWORD_MAX_LENGTH, 'errors.validation.tooLong').optional(),
});
export type FormerMemberPageRequest = z.input<typeof formerMemberPageRequestSchema>;

/** A removed member: who, the department they left, when they joined and when they were removed. */
export const formerMemberRowSchema = z.object({
  ID: z.number(),
  RealName: z.string(),
  MobilePhone: z.string().nullable(),
  Email: z.string().nullable(),
  DeptName: z.string().nullable(),
  RegisterTime: z.number(),
  RemovedTime: z.number(),
});
export type FormerMemberRow = z.infer<typeof formerMemberRowSchema>;

export const formerMemberPageSchema = z.object({ total: z.number(), rows: z.array(formerMemberRowSchema) });
export type FormerMemberPage = z.infer<typeof formerMemberPageSchema>;
