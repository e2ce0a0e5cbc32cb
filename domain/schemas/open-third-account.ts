import { z } from 'zod';
import { HOST_PLATFORMS } from '../constants';
import { EXTERNAL_ID_MAX_LENGTH, openSyncResultSchema } from './open-sync';

/** A third-party account: a member's identity on a chat host (DingTalk, Feishu, WeCom, WeChat). */
const thirdAccountKeys = {
  platform: z.enum(HOST_PLATFORMS),
  /** DingTalk userid, Feishu user_id, WeCom userid or WeChat openid. */
  thirdAccountId: z.string().trim().min(1).max(100),
};

/** The member a call names: by the organisation's external id, else mobile, else email. */
const memberKeys = {
  externalId: z.string().trim().min(1).max(EXTERNAL_ID_MAX_LENGTH).optional(),
  mobile: z.string().trim().min(1).max(30).optional(),
  email: z.string().trim().min(1).max(254).optional(),
};
const namesMember = (body: { externalId?: string; mobile?: string; email?: string }) =>
  Boolean(body.externalId ?? body.mobile ?? body.email);

/**
 * POST /api/Sdk/ucapi/bind/thirdaccount: binds a third-party account to a member of the organisation,
 * named by external id, else mobile, else email. One bound to another current member is refused.
 */
export const bindThirdAccountRequestSchema = z
  .object({ ...thirdAccountKeys, ...memberKeys })
  .refine(namesMember, { message: 'errors.openApi.memberRequired', path: ['externalId'] });
export type BindThirdAccountRequest = z.infer<typeof bindThirdAccountRequestSchema>;

/**
 * POST /api/Sdk/ucapi/detail/thirdaccount: the third-party accounts of one identity (platform and id) or
 * of one member (external id, mobile or email), optionally on one platform.
 */
export const thirdAccountQuerySchema = z
  .object({
    platform: thirdAccountKeys.platform.optional(),
    thirdAccountId: thirdAccountKeys.thirdAccountId.optional(),
    ...memberKeys,
  })
  .refine((body) => Boolean(body.thirdAccountId) || namesMember(body), {
    message: 'errors.openApi.memberRequired',
    path: ['thirdAccountId'],
  })
  .refine((body) => !body.thirdAccountId || body.platform, {
    message: 'errors.openApi.platformRequired',
    path: ['platform'],
  });
export type ThirdAccountQuery = z.infer<typeof thirdAccountQuerySchema>;

/** POST /api/Sdk/ucapi/thirdaccount/{0|1}: switches one third-party account off (0) or on (1). */
export const thirdAccountSwitchRequestSchema = z.object(thirdAccountKeys);
export const thirdAccountSwitchParamsSchema = z.object({ enabled: z.enum(['0', '1']) });

/** A third-party account as the calls answer it: the identity, the member it signs in as, on or off. */
export const thirdAccountSchema = z.object({
  platform: z.enum(HOST_PLATFORMS),
  thirdAccountId: z.string(),
  enabled: z.boolean(),
  boundAt: z.number(),
  member: z.object({
    name: z.string(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    externalId: z.string().nullable(),
    /** false: a former member (the binding signs nobody in). */
    current: z.boolean(),
  }),
});
export type ThirdAccount = z.infer<typeof thirdAccountSchema>;

/**
 * Answer of `bind/thirdaccount` and `thirdaccount/{0|1}`: applied at once, the account as it is now with the
 * call's request id and status 1; when the organisation delays open calls, the queued call
 * (`{ reqId, status: 0, applied: 0, problems: [] }`), withdrawable until it is applied.
 */
export const thirdAccountChangeSchema = z.union([
  thirdAccountSchema.extend({ reqId: z.string(), status: z.number() }),
  openSyncResultSchema,
]);
export type ThirdAccountChange = z.infer<typeof thirdAccountChangeSchema>;

export const thirdAccountListSchema = z.object({ items: z.array(thirdAccountSchema) });
export type ThirdAccountList = z.infer<typeof thirdAccountListSchema>;

/** Most third-party accounts one detail call answers. */
export const THIRD_ACCOUNT_LIST_LIMIT = 100;
