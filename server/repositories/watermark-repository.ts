import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { WatermarkSetting } from '../../domain/schemas/watermark';

/** The settings an organisation that saved none starts from: off, name and time, standard, tiled. */
export const DEFAULT_WATERMARK: WatermarkSetting = {
  Text: '',
  Contents: ['name', 'time'],
  Wrap: true,
  Image: '',
  Density: 'standard',
  Size: 16,
  Depth: 15,
  DisplayType: 'tile',
  Products: [],
};

/** An organisation's watermark: its settings and whether it is on. */
export interface StoredWatermark {
  enabled: boolean;
  settings: WatermarkSetting;
}

/** Watermark settings (org_watermarks, 0019-watermark); every call takes the organisation. */
export function createWatermarkRepository(db: Kysely<Database>) {
  return {
    /** The organisation's watermark, or the defaults (off) when it saved none. */
    async find(orgId: number): Promise<StoredWatermark> {
      const row = await db
        .selectFrom('org_watermarks')
        .select(['enabled', 'settings', 'image'])
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      if (!row) return { enabled: false, settings: DEFAULT_WATERMARK };
      const saved = JSON.parse(row.settings) as Partial<WatermarkSetting>;
      return {
        enabled: Number(row.enabled) === 1,
        settings: { ...DEFAULT_WATERMARK, ...saved, Image: row.image },
      };
    },

    /** Saves the settings and switch together, replacing what was there. */
    async save(orgId: number, watermark: StoredWatermark, now: number): Promise<void> {
      const { Image, ...rest } = watermark.settings;
      const values = {
        enabled: watermark.enabled ? 1 : 0,
        settings: JSON.stringify(rest),
        image: Image,
        updated_at: now,
      };
      await db
        .insertInto('org_watermarks')
        .values({ org_id: orgId, ...values })
        .onConflict((oc) => oc.column('org_id').doUpdateSet(values))
        .execute();
    },
  };
}
