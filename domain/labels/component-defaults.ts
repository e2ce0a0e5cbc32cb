import type { LabelComponent } from '../schemas/label-templates';
import type { LabelComponentKind } from './label-limits';

/** The size and attributes a component gets when dropped from the palette (mm). */
const DEFAULTS: Record<LabelComponentKind, Omit<LabelComponent, 'Key' | 'Kind' | 'X' | 'Y'>> = {
  barcode: {
    Width: 40,
    Height: 12,
    BarcodeType: 'CODE128',
    TextPosition: 'bottom',
    FontSize: 8,
    Value: 'S-0001',
  },
  qrcode: { Width: 15, Height: 15, ErrorCorrection: 'M', Value: 'S-0001' },
  text: {
    Width: 30,
    Height: 6,
    FontSize: 9,
    Bold: false,
    Align: 'left',
    Wrap: false,
    Padding: 0,
    Value: 'Text',
  },
  image: { Width: 12, Height: 8 },
  hline: { Width: 30, Height: 1, LineWidth: 0.3 },
  vline: { Width: 1, Height: 20, LineWidth: 0.3 },
  split: { Width: 30, Height: 1, LineWidth: 0.3 },
};

/** A new component of a kind at a position, with the kind's default size and attributes. */
export function newComponent(kind: LabelComponentKind, key: string, x: number, y: number): LabelComponent {
  return { Key: key, Kind: kind, X: x, Y: y, ...DEFAULTS[kind] };
}
