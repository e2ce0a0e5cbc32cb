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
 * organisation's settings and details), the organisation's logo (when chosen) as a data: URL. Silent: a
 * portal without its watermark still works.
 */
export async function getWatermarkConfig(): Promise<WatermarkConfig> {
  const config = watermarkConfigSchema.parse(await apiClient().get('/Watermark/Config', { silent: true }));
  // The logo is drawn inside an SVG tile, which may not load anything itself: read it as a data: URL.
  return config.LogoUrl ? { ...config, LogoUrl: await dataUrlOf(config.LogoUrl) } : config;
}

/** A same-origin image as a data: URL, or '' when it cannot be read (the watermark goes on without it). */
async function dataUrlOf(url: string): Promise<string> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) return '';
    const blob = await response.blob();
    return await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
      reader.onerror = () => resolve('');
      reader.readAsDataURL(blob);
    });
  } catch {
    return '';
  }
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
