import { z } from 'zod';
import { signInLanguageSchema } from './common';
import { HOST_CODE_MAX_LENGTH, HOST_ID_MAX_LENGTH, HOST_PLATFORMS } from '../constants';

/** A chat host: dingtalk, feishu, wecom or wechat. */
export const hostPlatformSchema = z.enum(HOST_PLATFORMS);

/** A corp id, app id or agent id as a host entry URL carries it; empty is the same as absent. */
const hostIdSchema = z.string().trim().max(HOST_ID_MAX_LENGTH, 'errors.validation.tooLong');

/**
 * Body of POST /api/account/isAuthorizeLogin: the sign-in code the host handed the page, the platform,
 * and the id that names the organisation's integration (`corpId` for DingTalk and WeCom, `appId` for
 * Feishu and WeChat). WeChat and WeCom also send back the OAuth `state` the portal issued (which alone
 * names the integration when the id is missing).
 */
export const hostSignInRequestSchema = z.object({
  platform: hostPlatformSchema,
  code: z
    .string()
    .trim()
    .min(1, 'errors.host.codeRequired')
    .max(HOST_CODE_MAX_LENGTH, 'errors.validation.tooLong'),
  corpId: hostIdSchema.optional(),
  appId: hostIdSchema.optional(),
  state: z.string().max(256, 'errors.validation.tooLong').optional(),
  autoLogin: z.boolean().default(false),
  lang: signInLanguageSchema,
});
export type HostSignInRequest = z.input<typeof hostSignInRequestSchema>;

/**
 * Body of POST /api/account/bindHost: the ticket a host sign-in without an account answered with
 * (`error.params.bindTicket` of 403 errors.host.noAccount), sent after the password sign-in.
 */
export const hostBindRequestSchema = z.object({
  bindTicket: z
    .string()
    .trim()
    .min(1, 'errors.host.bindTicketInvalid')
    .max(128, 'errors.host.bindTicketInvalid'),
});
export type HostBindRequest = z.input<typeof hostBindRequestSchema>;

/** Answer of POST /api/account/bindHost: the host the signed-in account is now linked to. */
export const hostBindResultSchema = z.object({ platform: hostPlatformSchema });
export type HostBindResult = z.infer<typeof hostBindResultSchema>;

/**
 * Body of POST /api/host/authorizeUrl: which WeChat or WeCom integration (`corpId` for WeCom, `appId` for
 * WeChat; WeCom's `agentId` when the integration has none stored) and where the OAuth page sends the user
 * back (an address of this portal).
 */
export const hostAuthorizeUrlRequestSchema = z.object({
  platform: z.enum(['wecom', 'wechat']),
  corpId: hostIdSchema.optional(),
  appId: hostIdSchema.optional(),
  agentId: hostIdSchema.optional(),
  redirectUri: z.string().trim().min(1, 'errors.host.badRedirect').max(2000, 'errors.host.badRedirect'),
});
export type HostAuthorizeUrlRequest = z.input<typeof hostAuthorizeUrlRequestSchema>;

/** Answer of POST /api/host/authorizeUrl: the OAuth authorize URL to send the browser to. */
export const hostAuthorizeUrlSchema = z.object({ url: z.string() });
export type HostAuthorizeUrl = z.infer<typeof hostAuthorizeUrlSchema>;
