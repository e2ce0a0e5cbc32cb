import { z } from 'zod';

/** Body of POST /api/Sdk/ucapi/token: the app credential, exchanged for an access token. */
export const accessTokenRequestSchema = z.object({
  appKey: z.string().min(1, 'errors.validation.required').max(64, 'errors.validation.tooLong'),
  appSecret: z.string().min(1, 'errors.validation.required').max(128, 'errors.validation.tooLong'),
});
export type AccessTokenRequest = z.infer<typeof accessTokenRequestSchema>;

/** Answer of the token call: send it as `Authorization: Bearer <accessToken>` for `expiresIn` seconds. */
export const accessTokenSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** Answer of GET /api/Sdk/ucapi/app: whom the access token speaks for (the screen's test step calls it). */
export const openAppIdentitySchema = z.object({
  orgId: z.number(),
  orgName: z.string(),
  appKey: z.string(),
  appName: z.string(),
  /** When the token in use stops working (epoch ms). */
  expiresAt: z.number(),
});
export type OpenAppIdentity = z.infer<typeof openAppIdentitySchema>;
