/**
 * Label template limits (SPEC §5, §9) shared by the schemas, the rules, the renderer and the designer.
 * Sizes and positions are millimetres.
 */
export const LABEL_LIMITS = {
  /** Label text (names, keys, values) is under 50 characters. */
  textMaxLength: 49,
  /** The largest label edge: a shipping label is 100 × 150 mm; A4 leaves room for anything larger. */
  sizeMax: 300,
  /** Components in one template: room for a dense label, small enough to render in a couple of ms. */
  componentsMax: 200,
  /** A template's stored JSON above this gives 'The data is too large.'. */
  storedBytesMax: 32 * 1024,
  /** Sane line widths in mm: thinner does not print, thicker is a box. */
  lineWidth: { min: 0.1, max: 5 },
  /** Text size in points. */
  fontSize: { min: 4, max: 72 },
  /** Inner padding of a text box, mm. */
  paddingMax: 10,
  /** A label icon: png, jpg or svg, at most 100KB (SPEC §5). */
  logoBytesMax: 100 * 1024,
} as const;

/** Kinds of component a template holds (contract of issue #20). */
export const LABEL_COMPONENT_KINDS = [
  'barcode',
  'qrcode',
  'text',
  'image',
  'hline',
  'vline',
  'split',
] as const;
export type LabelComponentKind = (typeof LABEL_COMPONENT_KINDS)[number];

/** Barcode symbologies offered: those of jsbarcode. */
export const BARCODE_TYPES = [
  'CODE128',
  'CODE128A',
  'CODE128B',
  'CODE128C',
  'CODE39',
  'EAN13',
  'EAN8',
  'EAN5',
  'EAN2',
  'UPC',
  'UPCE',
  'ITF14',
  'ITF',
  'MSI',
  'MSI10',
  'MSI11',
  'MSI1010',
  'MSI1110',
  'pharmacode',
  'codabar',
] as const;
export type BarcodeType = (typeof BARCODE_TYPES)[number];

/** QR error-correction levels (SPEC §3 "tolerance rate"): about 7, 15, 25 and 30 % recoverable. */
export const QR_ERROR_CORRECTIONS = ['L', 'M', 'Q', 'H'] as const;
export type QrErrorCorrection = (typeof QR_ERROR_CORRECTIONS)[number];

/** Horizontal text alignment. */
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
/** Where a barcode shows its human-readable text, or not at all. */
export const TEXT_POSITIONS = ['bottom', 'top', 'none'] as const;
/** What a template is for; products ask for templates of their type. */
export const LABEL_TEMPLATE_TYPES = ['sample', 'instrument', 'reagent', 'general'] as const;

/** Points to millimetres (1 pt = 1/72 in). */
export const MM_PER_POINT = 25.4 / 72;
