import { useEffect, useState } from 'react';
import type { WatermarkConfig } from '../../../domain/schemas/watermark';
import { getWatermarkConfig } from '../../adapters/watermark-api';
import { useSession } from '../session/use-session';
import { onWatermarkChange } from './watermark-change';
import { watermarkTileStyle } from './watermark-tile';

/**
 * The watermark over the portal for the signed-in member: their organisation's GET Watermark/Config, read
 * once per signed-in account and again after an administrator saved it here, as the overlay's style; null
 * when off, signed out or unreadable.
 */
export function useWatermarkOverlay(): Record<string, string | number> | null {
  const { session } = useSession();
  const accountId = session?.AccountInfo.ID ?? null;
  // Kept with the account it was read for, so another account signing in never sees the last one's.
  const [read, setRead] = useState<{ accountId: number; config: WatermarkConfig } | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => onWatermarkChange(() => setVersion((v) => v + 1)), []);
  useEffect(() => {
    if (accountId === null) return;
    let live = true;
    getWatermarkConfig().then(
      (config) => live && setRead({ accountId, config }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [accountId, version]);
  const config = read?.accountId === accountId ? read.config : null;
  if (!config?.Applies) return null;
  return watermarkTileStyle({
    lines: config.Lines,
    // The picture when there is one, else the organisation's logo when it is one of the contents.
    image: config.Image || config.LogoUrl,
    size: config.Size,
    depth: config.Depth,
    density: config.Density,
    displayType: config.DisplayType,
  });
}
