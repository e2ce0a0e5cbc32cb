import { encode } from 'uqr';
import type { LabelComponent } from '../schemas/label-templates';
import { mm, unreadablePlaceholder } from './svg-markup';

/**
 * The modules of a QR code for `value` (UTF-8, numeric or alphanumeric mode where the value allows), or
 * null when it is over the largest symbol's capacity at this level. uqr is Project Nayuki's encoder, the
 * one qrcode.react draws with, in a form that runs without React or a DOM.
 */
export function encodeQr(value: string, level: LabelComponent['ErrorCorrection'] = 'M'): boolean[][] | null {
  try {
    return encode(value, { ecc: level, border: 0 }).data;
  } catch {
    return null;
  }
}

/**
 * A QR code in its component box (coordinates relative to the box): square, as large as the box allows,
 * centred, at the component's error-correction level (default M). Each row's dark runs are one path segment.
 */
export function qrSvg(component: LabelComponent, value: string): string {
  const { Width: width, Height: height } = component;
  const modules = value === '' ? null : encodeQr(value, component.ErrorCorrection);
  if (!modules) return unreadablePlaceholder(width, height);
  const count = modules.length;
  const side = Math.min(width, height);
  const cell = side / count;
  const left = (width - side) / 2;
  const top = (height - side) / 2;
  const parts: string[] = [];
  for (let row = 0; row < count; row += 1) {
    const dark = modules[row];
    let col = 0;
    while (col < count) {
      if (!dark[col]) {
        col += 1;
        continue;
      }
      let run = 0;
      while (col + run < count && dark[col + run]) run += 1;
      parts.push(
        `M${mm(left + col * cell)} ${mm(top + row * cell)}h${mm(run * cell)}v${mm(cell)}h-${mm(run * cell)}z`,
      );
      col += run;
    }
  }
  return `<path d="${parts.join('')}" fill="#000" shape-rendering="crispEdges"/>`;
}
