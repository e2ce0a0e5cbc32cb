import { useWatermarkOverlay } from './use-watermark-overlay';
import { WatermarkOverlay } from './watermark-overlay';

/** The organisation's watermark over every signed-in page of either shell (its own lazy chunk). */
export function PortalWatermark() {
  return <WatermarkOverlay style={useWatermarkOverlay()} />;
}
