/** Largest organisation logo accepted: SPEC names no limit for it, so 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The limit as the size message shows it. */
export const LOGO_MAX_LABEL = '2MB';
/** The formats SPEC allows for images (jpg or png), as the format message shows them. */
export const LOGO_TYPES_LABEL = 'png, jpg';
/** The logo's display size (SPEC §3: 85 by 50). */
export const LOGO_DISPLAY = { width: 85, height: 50 } as const;

export type LogoContentType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The image type of a file by its content (magic bytes), never by its name: a PNG signature, or a JPEG
 * start-of-image marker followed by another marker. Anything else (a renamed text file, an SVG, a GIF)
 * is null.
 */
export function logoContentType(bytes: Uint8Array): LogoContentType | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
