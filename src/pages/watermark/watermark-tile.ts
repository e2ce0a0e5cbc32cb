import { WATERMARK_DENSITIES, type WatermarkDensity } from '../../../domain/rules/watermark';

/** What a watermark tile is drawn from. */
export interface WatermarkTileInput {
  lines: readonly string[];
  image: string;
  size: number;
  depth: number;
  density: WatermarkDensity;
  displayType: 'centered' | 'tile';
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/**
 * The CSS of a watermark: one SVG tile (the picture above the lines, turned -20°) as a data: URL, repeated
 * over the page or once in the middle, at the depth's opacity. Text is escaped, so a member's name cannot
 * add markup; the picture is a png or jpeg data: URL the server checked by content.
 */
export function watermarkTileStyle(input: WatermarkTileInput): Record<string, string | number> {
  const gap = WATERMARK_DENSITIES[input.density];
  const lineHeight = Math.round(input.size * 1.4);
  // Wide (CJK) characters take about a font size, others about 0.6 of one.
  const ems = (line: string) =>
    Array.from(line, (c) => (c.charCodeAt(0) > 0x2e7f ? 1 : 0.6)).reduce((a, b) => a + b, 0);
  const longest = Math.max(0, ...input.lines.map(ems));
  const imageHeight = input.image ? input.size * 3 : 0;
  const width = Math.max(longest * input.size, imageHeight, 40) + gap;
  const height = input.lines.length * lineHeight + imageHeight + gap;
  const cx = width / 2;
  const top = (height - (input.lines.length * lineHeight + imageHeight)) / 2;
  const image = input.image
    ? `<image href="${escapeXml(input.image)}" x="${cx - imageHeight / 2}" y="${top}" width="${imageHeight}" height="${imageHeight}"/>`
    : '';
  const texts = input.lines
    .map(
      (line, index) =>
        `<text x="${cx}" y="${top + imageHeight + lineHeight * (index + 1) - lineHeight * 0.3}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g transform="rotate(-20 ${cx} ${height / 2})" fill="#000" font-size="${input.size}" font-family="sans-serif">` +
    `${image}${texts}</g></svg>`;
  return {
    backgroundImage: `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`,
    backgroundRepeat: input.displayType === 'tile' ? 'repeat' : 'no-repeat',
    backgroundPosition: input.displayType === 'tile' ? '0 0' : 'center',
    opacity: input.depth / 100,
  };
}
