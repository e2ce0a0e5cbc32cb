import { logoContentType, type LogoContentType } from './organization-logo';

/** What a watermark may show (SPEC §3 Watermark content options), in the order they are drawn. */
export const WATERMARK_CONTENTS = [
  'name',
  'email',
  'account',
  'mobileLast4',
  'organization',
  'time',
  'logo',
] as const;
export type WatermarkContent = (typeof WATERMARK_CONTENTS)[number];

/** Densities (SPEC §3): the gap between tiles, in pixels, for each. */
export const WATERMARK_DENSITIES = { sparse: 240, standard: 160, dense: 96 } as const;
export type WatermarkDensity = keyof typeof WATERMARK_DENSITIES;

/** Centred (one mark in the middle) or tiled over the whole page. */
export const WATERMARK_DISPLAY_TYPES = ['centered', 'tile'] as const;

/** Bounds of the numeric settings: font size in pixels, depth as opacity in percent, custom text length. */
export const WATERMARK_LIMITS = {
  size: { min: 12, max: 48 },
  depth: { min: 5, max: 60 },
  textLength: 50,
} as const;

/** Largest watermark picture (SPEC §5: jpg or png, at most 50KB) and its label in messages. */
export const WATERMARK_IMAGE_MAX_BYTES = 50 * 1024;
export const WATERMARK_IMAGE_MAX_LABEL = '50KB';

/** Why a watermark picture is refused, or null with its real type. */
export type WatermarkImageCheck =
  | { ok: true; contentType: LogoContentType }
  | { ok: false; problem: 'errors.watermark.imageType' | 'errors.watermark.imageTooLarge' };

/**
 * Checks a watermark picture by its content, never its name: a png or jpeg within 50KB. An HTML or SVG file
 * renamed .png has no image signature and is refused as the wrong type.
 */
export function checkWatermarkImage(bytes: Uint8Array): WatermarkImageCheck {
  if (bytes.length > WATERMARK_IMAGE_MAX_BYTES)
    return { ok: false, problem: 'errors.watermark.imageTooLarge' };
  const contentType = logoContentType(bytes);
  if (!contentType) return { ok: false, problem: 'errors.watermark.imageType' };
  return { ok: true, contentType };
}

/** The details of the member a watermark is drawn for. */
export interface WatermarkPerson {
  realName: string;
  email: string | null;
  mobile: string | null;
  organization: string;
}

/**
 * The text lines of a watermark for one member: the custom text first, then each chosen detail that the
 * member has, in WATERMARK_CONTENTS order ('logo' is a picture, not a line). With wrap off everything is one
 * line joined by spaces. `time` is the formatted current time, passed in so the rule stays pure.
 */
export function watermarkLines(
  settings: { contents: readonly WatermarkContent[]; text: string; wrap: boolean },
  person: WatermarkPerson,
  time: string,
): string[] {
  const chosen = new Set(settings.contents);
  const values: Record<Exclude<WatermarkContent, 'logo'>, string | null> = {
    name: person.realName,
    email: person.email,
    account: person.email ?? person.mobile,
    mobileLast4: person.mobile ? person.mobile.slice(-4) : null,
    organization: person.organization,
    time,
  };
  const parts = [
    settings.text.trim(),
    ...WATERMARK_CONTENTS.filter((content) => content !== 'logo' && chosen.has(content)).map(
      (content) => values[content as Exclude<WatermarkContent, 'logo'>] ?? '',
    ),
  ].filter((part) => part !== '');
  if (settings.wrap) return parts;
  return parts.length > 0 ? [parts.join(' ')] : [];
}

/** A time as watermarks show it: YYYY-MM-DD HH:mm in UTC (the same on every member's screen). */
export function watermarkTime(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 16).replace('T', ' ');
}
