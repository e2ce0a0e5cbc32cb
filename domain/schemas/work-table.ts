import { z } from 'zod';

/** A member's own setting of one product on the work table. */
export const appSettingSchema = z.object({
  Code: z.string(),
  /** Shown first in its section. */
  Pinned: z.boolean(),
  /** Left out of the work table (listed under the hidden apps, where it can be shown again). */
  Hidden: z.boolean(),
});
export type AppSetting = z.infer<typeof appSettingSchema>;

/** GET /api/workTable/settings: the member's settings, only of products they have set something on. */
export const appSettingsSchema = z.array(appSettingSchema);

/** PUT /api/workTable/settings/{code}: the product's setting as a whole. */
export const appSettingParamsSchema = z.object({ code: z.string().min(1).max(32) });
export const appSettingSaveSchema = z.object({ Pinned: z.boolean(), Hidden: z.boolean() });
export type AppSettingSave = z.infer<typeof appSettingSaveSchema>;
