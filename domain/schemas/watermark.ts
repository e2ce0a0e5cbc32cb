import { z } from 'zod';
import {
  WATERMARK_CONTENTS,
  WATERMARK_DENSITIES,
  WATERMARK_DISPLAY_TYPES,
  WATERMARK_LIMITS,
} from '../rules/watermark';
import { optionalText } from './common';

const { size, depth, textLength } = WATERMARK_LIMITS;
const DENSITIES = Object.keys(WATERMARK_DENSITIES) as [keyof typeof WATERMARK_DENSITIES];

/**
 * An organisation's watermark settings as the administrator saves them (POST /api/Watermark): custom text,
 * the member details shown, wrap, picture (a data: URL of a png or jpeg within 50KB, or '' for none),
 * density, font size, depth (opacity in percent), centred or tiled, and the products it applies to.
 */
export const watermarkSettingSchema = z.object({
  Text: optionalText(textLength, 'errors.watermark.textTooLong'),
  Contents: z.array(z.enum(WATERMARK_CONTENTS)).max(WATERMARK_CONTENTS.length),
  Wrap: z.boolean(),
  Image: z.string().max(200_000),
  Density: z.enum(DENSITIES),
  Size: z.number().int().min(size.min, 'errors.watermark.size').max(size.max, 'errors.watermark.size'),
  Depth: z.number().int().min(depth.min, 'errors.watermark.depth').max(depth.max, 'errors.watermark.depth'),
  DisplayType: z.enum(WATERMARK_DISPLAY_TYPES),
  Products: z.array(z.string().min(1).max(40)).max(50),
});
export type WatermarkSetting = z.infer<typeof watermarkSettingSchema>;

/** The settings with whether the watermark is on: what the administrator's screen reads. */
export const watermarkAdminSchema = watermarkSettingSchema.extend({ Enabled: z.boolean() });
export type WatermarkAdmin = z.infer<typeof watermarkAdminSchema>;

/** Body of POST /api/Watermark/Swith: switch the watermark on or off. */
export const watermarkSwitchSchema = z.object({ Enabled: z.boolean() });

/**
 * GET /api/Watermark/Config: what the portal and products draw for the signed-in member, from their own
 * organisation's settings and their own details. `Applies` says whether it is on for the product asked
 * (query `product`; the portal itself when none). `Lines` are ready to draw; `LogoUrl` is set when the
 * organisation's logo is one of the contents.
 */
export const watermarkConfigSchema = watermarkSettingSchema.extend({
  Enabled: z.boolean(),
  Applies: z.boolean(),
  Lines: z.array(z.string()),
  LogoUrl: z.string(),
});
export type WatermarkConfig = z.infer<typeof watermarkConfigSchema>;

/** Query of GET /api/Watermark/Config: the product code asking, if any. */
export const watermarkConfigQuerySchema = z.object({ product: z.string().max(40).optional() });
