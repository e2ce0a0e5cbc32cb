import encodeQR, { type ErrorCorrection } from 'qr';
import type { LabelComponent } from '../schemas/label-templates';
import { mm, unreadablePlaceholder } from './svg-markup';

const LEVELS: Record<NonNullable<LabelComponent['ErrorCorrection']>, ErrorCorrection> = {
  L: 'low',
  M: 'medium',
  Q: 'quartile',
  H: 'high',
};

/**
 * The modules of a QR code for `value` (UTF-8, numeric or alphanumeric mode where the value allows), or
 * null when it is over the largest symbol's capacity at this level. `qr` scores the eight masks on packed
 * bit rows, several times faster than a module-by-module encoder: a label with four QR codes is mostly QR
 * work, and the products render labels by the thousand. It runs without a DOM, in the browser and on the
 * server alike.
 */
export function encodeQr(value: string, level: LabelComponent['ErrorCorrection'] = 'M'): boolean[][] | null {
  let bordered: boolean[][];
  try {
    // The encoder insists on a quiet zone; the label's component box is the designer's concern, so the
    // one-module ring is cut off again.
    bordered = encodeQR(value, 'raw', { ecc: LEVELS[level], border: 1 });
  } catch {
    return null;
  }
  return bordered.slice(1, -1).map((row) => row.slice(1, -1));
}

/**
 * A QR code in its component box (coordinates relative to the box): square, as large as the box allows,
 * centred, at the component's error-correction level (default M). The path is written in module units
 * (whole numbers, one segment per dark run of a row) and scaled once, which keeps both the markup and
 * the work per label small.
 */
export function qrSvg(component: LabelComponent, value: string): string {
  const { Width: width, Height: height } = component;
  const modules = value === '' ? null : encodeQr(value, component.ErrorCorrection);
  if (!modules) return unreadablePlaceholder(width, height);
  const count = modules.length;
  const side = Math.min(width, height);
  let d = '';
  for (let row = 0; row < count; row += 1) {
    const dark = modules[row];
    let col = 0;
    while (col < count) {
      if (!dark[col]) {
        col += 1;
        continue;
      }
      let run = 1;
      while (col + run < count && dark[col + run]) run += 1;
      d += `M${col} ${row}h${run}v1h-${run}z`;
      col += run;
    }
  }
  const transform = `translate(${mm((width - side) / 2)} ${mm((height - side) / 2)}) scale(${side / count})`;
  return `<path d="${d}" transform="${transform}" fill="#000" shape-rendering="crispEdges"/>`;
}
