import JsBarcode from 'jsbarcode';
import type { LabelComponent } from '../schemas/label-templates';
import { MM_PER_POINT, type BarcodeType } from './label-limits';
import { escapeXml, mm, unreadablePlaceholder } from './svg-markup';

/** One block of a symbol: modules as '1' (bar) and '0' (space). */
interface Encoding {
  data: string;
  text: string;
}

/**
 * The modules of `value` in a symbology, or null when the symbology refuses the value (EAN-13 needs 12 or 13
 * digits with a right check digit, and so on). jsbarcode's object renderer gives the encodings without a DOM,
 * so the same code runs in the browser and on the server.
 */
export function encodeBarcode(type: BarcodeType, value: string): Encoding[] | null {
  if (value === '') return null;
  const target: { encodings?: Encoding[] } = {};
  let valid = true;
  try {
    JsBarcode(target, value, {
      format: type,
      valid: (ok) => {
        valid = ok;
      },
    });
  } catch {
    return null;
  }
  return valid && target.encodings ? target.encodings : null;
}

/** The bars of the encodings as one path, each module `moduleWidth` wide, from `top` down `height`. */
function barsPath(encodings: Encoding[], moduleWidth: number, top: number, height: number): string {
  const parts: string[] = [];
  let x = 0;
  for (const { data } of encodings) {
    let i = 0;
    while (i < data.length) {
      if (data[i] !== '1') {
        i += 1;
        continue;
      }
      let run = 0;
      while (data[i + run] === '1') run += 1;
      parts.push(
        `M${mm((x + i) * moduleWidth)} ${mm(top)}h${mm(run * moduleWidth)}v${mm(height)}h-${mm(run * moduleWidth)}z`,
      );
      i += run;
    }
    x += data.length;
  }
  return parts.join('');
}

/**
 * A barcode filling its component box (coordinates relative to the box): the bars stretched to the width,
 * the human-readable value under or over them unless `TextPosition` is 'none'.
 */
export function barcodeSvg(component: LabelComponent, value: string): string {
  const { Width: width, Height: height } = component;
  const encodings = encodeBarcode(component.BarcodeType ?? 'CODE128', value);
  if (!encodings) return unreadablePlaceholder(width, height);
  const modules = encodings.reduce((sum, encoding) => sum + encoding.data.length, 0);
  const position = component.TextPosition ?? 'bottom';
  const fontSize = (component.FontSize ?? 8) * MM_PER_POINT;
  const textHeight = position === 'none' ? 0 : Math.min(fontSize * 1.2, height / 2);
  const barTop = position === 'top' ? textHeight : 0;
  const bars = `<path d="${barsPath(encodings, width / modules, barTop, height - textHeight)}" fill="#000"/>`;
  if (position === 'none') return bars;
  const baseline = position === 'top' ? textHeight * 0.8 : height - textHeight * 0.2;
  return (
    bars +
    `<text x="${mm(width / 2)}" y="${mm(baseline)}" font-size="${mm(Math.min(fontSize, textHeight))}" ` +
    `font-family="monospace" text-anchor="middle">${escapeXml(value)}</text>`
  );
}
