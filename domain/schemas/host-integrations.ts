import { z } from 'zod';
import { HOST_ID_MAX_LENGTH, PRODUCT_CODES } from '../constants';
import { hostPlatformSchema } from './host-sign-in';

const text = (max: number) => z.string().trim().max(max, 'errors.validation.tooLong');

/**
 * Body of PUT /api/OrganizationOpenness/messagepush/config: one organisation's integration with one chat
 * host. `corpId` is the id the host side knows (DingTalk corpId, Feishu app id, WeCom corp id, WeChat
 * app id); `appKey` is what the server gets tokens with (DingTalk app key, Feishu app id, WeCom corp id,
 * WeChat app id; the same as `corpId` when empty); `appSecret` empty keeps the stored one.
 */
export const hostIntegrationInputSchema = z.object({
  platform: hostPlatformSchema,
  corpId: text(HOST_ID_MAX_LENGTH).min(1, 'errors.host.idRequired'),
  appKey: text(HOST_ID_MAX_LENGTH).default(''),
  appSecret: z.string().trim().max(512, 'errors.validation.tooLong').default(''),
  /** DingTalk and WeCom app agent id; empty where the platform has none. */
  agentId: text(HOST_ID_MAX_LENGTH).default(''),
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
