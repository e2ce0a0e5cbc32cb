import {
  type WatermarkAdmin,
  watermarkAdminSchema,
  type WatermarkConfig,
  watermarkConfigSchema,
  type WatermarkSetting,
} from '../../domain/schemas/watermark';
import { apiClient } from './api-client';

/**
 * GET /api/Watermark/Config: what to draw over the portal for the signed-in member (their own
 * organisation's settings and details). Silent: a portal without its watermark still works.
 */
export async function getWatermarkConfig(): Promise<WatermarkConfig> {
  return watermarkConfigSchema.parse(await apiClient().get('/Watermark/Config', { silent: true }));
}

/** GET /api/Watermark: the organisation's watermark settings, for its administrators. */
export async function getWatermark(): Promise<WatermarkAdmin> {
  return watermarkAdminSchema.parse(await apiClient().get('/Watermark', { silent: true }));
}

/** POST /api/Watermark: saves the settings whole; answers what is now in force. */
export async function saveWatermark(settings: WatermarkSetting): Promise<WatermarkAdmin> {
  return watermarkAdminSchema.parse(await apiClient().post('/Watermark', settings, { silent: true }));
}

/** POST /api/Watermark/Swith (SPEC's spelling): switches the watermark on or off. */
export async function switchWatermark(enabled: boolean): Promise<WatermarkAdmin> {
  return watermarkAdminSchema.parse(
    await apiClient().post('/Watermark/Swith', { Enabled: enabled }, { silent: true }),
  );
}
