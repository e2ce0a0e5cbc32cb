import { z } from 'zod';

/** GET /api/health: whether this instance and its database answer. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/config: what the client needs before it renders. Nothing secret. */
export const clientConfigSchema = z.object({
  version: z.string(),
  /** The request-signing key. It ships in every client, so it is a replay guard, not a secret. */
  signingKey: z.string(),
  deployment: z.enum(['cloud', 'project', 'beta', 'vCloud']),
  ssoLoginUrl: z.string().nullable(),
  feishuSdkUrl: z.string(),
  modules: z.object({ reset: z.boolean(), register: z.boolean(), appDownload: z.boolean() }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
