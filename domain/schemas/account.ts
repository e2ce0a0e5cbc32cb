import { z } from 'zod';
import { ACCOUNT_MAX_LENGTH, LOGIN_CODE_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '../constants';
import { languageSchema, requiredText, signInLanguageSchema, uiVersionSchema } from './common';
import { orgSessionSettingsSchema } from './org-config';

/** Longest captcha id or answer accepted (the server hands out 22-character ids). */
const CAPTCHA_HANDLE_MAX_LENGTH = 64;

/** Body of POST /api/account/login and /api/account/loginV2. */
export const loginRequestSchema = z.object({
  account: requiredText(ACCOUNT_MAX_LENGTH, {
    required: 'errors.login.accountRequired',
    tooLong: 'errors.login.accountTooLong',
  }),
  password: z
    .string()
    .min(1, 'errors.login.passwordRequired')
    .max(LOGIN_PASSWORD_MAX_LENGTH, 'errors.login.passwordTooLong'),
  autoLogin: z.boolean().default(false),
  /** The agreement tick of the login screen; signing in without it is refused. */
  agreed: z.literal(true, { error: 'errors.login.agreementRequired' }),
  /** Product the user is signing in to; the portal itself when absent. */
  productType: z.string().max(LOGIN_CODE_MAX_LENGTH, 'errors.validation.tooLong').optional(),
  /** pc, mobile, dingtalk, feishu, wechat or wecom: recorded in the login log. */
  loginClient: z.string().max(LOGIN_CODE_MAX_LENGTH, 'errors.validation.tooLong').optional(),
  /**
   * SPEC §3 LoginType: 0 a mobile number or email with the portal's password, 1 a domain account
   * (`user@domain`, `DOMAIN\user` or a bare user name) with its directory password.
   */
  loginType: z.union([z.literal(0), z.literal(1)]).default(0),
  /**
   * The image captcha (GET /api/captcha) and its answer: needed once the account name, the address or
   * the deployment has failed too often (the answer then says `errors.login.captchaRequired`, or a failed
   * sign-in's params say `captcha: 1`); ignored otherwise.
   */
  captchaId: z.string().max(CAPTCHA_HANDLE_MAX_LENGTH, 'errors.captcha.expired').optional(),
  captcha: z.string().max(CAPTCHA_HANDLE_MAX_LENGTH, 'errors.captcha.format').optional(),
  lang: signInLanguageSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** SPEC §3 AccountInfo: display data, safe to keep in a readable cookie. */
export const accountInfoSchema = z.object({
  ID: z.number(),
  RealName: z.string(),
  Photo: z.string(),
  Account: z.string(),
  MobilePhone: z.string(),
  Email: z.string(),
  IsOrganAdmin: z.union([z.literal(0), z.literal(1)]),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

export const deptInfoSchema = z.object({ ID: z.number(), Name: z.string() }).nullable();

/** Why the password must be changed before going on, if it must. */
export const pwdInfoSchema = z.object({
  MustChange: z.boolean(),
  Reason: z.enum(['initial', 'expired', 'weak']).nullable(),
});

/** Everything the client keeps about the signed-in user (SPEC §3 account state). */
export const sessionInfoSchema = z.object({
  AccountInfo: accountInfoSchema,
  DeptInfo: deptInfoSchema,
  PwdInfo: pwdInfoSchema,
  /** The organisation's module switches in force and its screen-lock idle minutes (System settings > General). */
  OrgSettings: orgSessionSettingsSchema,
  OrgID: z.number(),
  OrgName: z.string(),
  Lang: languageSchema,
  /** Whether the member chose `Lang`; until then the interface follows the browser's language. */
  LangChosen: z.boolean(),
  UIVersion: uiVersionSchema,
  LoginType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  autoLogin: z.boolean(),
  /** Epoch ms when the session ends at the latest (the forced logout). */
  ExpiredTime: z.number(),
  IsHomeGuided: z.boolean(),
  IsPersonalCenterGuided: z.boolean(),
  /** The screen lock has locked this session: only /lock (unlock or sign out) until the password is typed. */
  Locked: z.boolean().default(false),
  /**
   * SPEC §3 loginMode: 'trial' for a trial sign-in (mobile + code), restricted to the demo site; 'sso' for
   * an SSO sign-in, whose sign-out goes through /sso/logout and the identity provider's logout.
   */
  LoginMode: z.enum(['normal', 'trial', 'sso']).default('normal'),
  /** Epoch ms when a trial sign-in's trial ends, else null. */
  TrialExpiresAt: z.number().nullable().default(null),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** GET /api/account/basic/{id}: the basic-info page. */
export const basicInfoSchema = accountInfoSchema.extend({
  OrgName: z.string(),
  DeptName: z.string(),
  RegisterTime: z.number(),
  LastLoginTime: z.number().nullable(),
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;

export const setLangParamsSchema = z.object({ lang: languageSchema });
export const setUiVersionParamsSchema = z.object({ version: uiVersionSchema });
export const setUiVersionQuerySchema = z.object({
  isRefresh: z.enum(['true', 'false']).optional(),
});
