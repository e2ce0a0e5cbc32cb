import { z } from 'zod';
import { HOST_ID_MAX_LENGTH, PRODUCT_CODES } from '../constants';
import { optionalText, requiredText } from './common';
import { hostPlatformSchema } from './host-sign-in';

/**
 * Body of PUT /api/OrganizationOpenness/messagepush/config: one organisation's integration with one chat
 * host. `corpId` is the id the host side knows (DingTalk corpId, Feishu app id, WeCom corp id, WeChat
 * app id); `appKey` is what the server gets tokens with (DingTalk app key, Feishu app id, WeCom corp id,
 * WeChat app id; the same as `corpId` when empty); `appSecret` empty keeps the stored one.
 */
export const hostIntegrationInputSchema = z.object({
  platform: hostPlatformSchema,
  corpId: requiredText(HOST_ID_MAX_LENGTH, { required: 'errors.host.idRequired' }),
  appKey: optionalText(HOST_ID_MAX_LENGTH).default(''),
  appSecret: optionalText(512).default(''),
  /** DingTalk and WeCom app agent id; empty where the platform has none. */
  agentId: optionalText(HOST_ID_MAX_LENGTH).default(''),
  enabled: z.boolean(),
  /** Products whose notifications go out through this host. */
  products: z.array(z.enum(PRODUCT_CODES)).max(PRODUCT_CODES.length).default([]),
});
export type HostIntegrationInput = z.input<typeof hostIntegrationInputSchema>;
export type HostIntegrationSetting = z.infer<typeof hostIntegrationInputSchema>;

/** An integration as the API shows it: the secret only masked (its last four characters). */
export const hostIntegrationSchema = z.object({
  platform: hostPlatformSchema,
  corpId: z.string(),
  appKey: z.string(),
  /** `********` and the secret's last four characters; empty when no secret is stored. */
  appSecretMask: z.string(),
  agentId: z.string(),
  enabled: z.boolean(),
  products: z.array(z.enum(PRODUCT_CODES)),
  updatedAt: z.number(),
});
export type HostIntegration = z.infer<typeof hostIntegrationSchema>;

/**
 * Answer of GET /api/OrganizationOpenness/messagepush/config: the organisation's configured hosts, and the
 * products licensed to the organisation (what the screen offers as products for push).
 */
export const hostIntegrationListSchema = z.object({
  integrations: z.array(hostIntegrationSchema),
  licensedProducts: z.array(z.enum(PRODUCT_CODES)),
});
export type HostIntegrationList = z.infer<typeof hostIntegrationListSchema>;
