import { SaxesParser, type SaxesTagNS } from 'saxes';
import { LABEL_LIMITS } from '../../domain/labels/label-limits';
import { logoContentType } from '../../domain/rules/organization-logo';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Drawing elements kept; anything else (script, foreignObject, image, style, a, animate...) goes with its content. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
]);

/** Geometry and presentation attributes kept; no event handler, no style sheet, no external reference. */
const ATTRIBUTES = new Set([
  'id',
  'class',
  'd',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'dx',
  'dy',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'points',
  'transform',
  'version',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'style',
]);

/** A url() in a value may only point inside the document. */
const EXTERNAL_URL = /url\s*\(\s*(?!['"]?#)/i;
/** What an inline style may hold: declarations of plain values, no escapes, at-rules or comments. */
const SAFE_STYLE = /^[\w\s#%.,:;()'"-]*$/;

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch);

function keptAttributes(tag: SaxesTagNS): string {
  const kept: string[] = [];
  for (const attribute of Object.values(tag.attributes)) {
    const { local, uri, value } = attribute;
    if (local === 'href' && (uri === '' || uri === XLINK_NS)) {
      // <use> may point at a symbol of the same document, nothing else
      if (value.startsWith('#')) kept.push(`href="${escapeXml(value)}"`);
      continue;
    }
    if (uri !== '' || !ATTRIBUTES.has(local) || EXTERNAL_URL.test(value)) continue;
    if (local === 'style' && (!SAFE_STYLE.test(value) || /expression|javascript|@/i.test(value))) continue;
    kept.push(`${local}="${escapeXml(value)}"`);
  }
  return kept.length > 0 ? ` ${kept.join(' ')}` : '';
}

/**
 * An SVG rebuilt from an allow-list (strict XML, SVG namespace only): drawing elements and presentation
 * attributes survive, scripts, event attributes, style sheets, foreign content and every reference outside
 * the document do not. Null when the bytes are not a well-formed SVG document (or carry a DOCTYPE, which
 * could declare entities).
 */
export function sanitiseSvg(source: string): string | null {
  const parser = new SaxesParser({ xmlns: true });
  const out: string[] = [];
  let skipping = 0;
  let depth = 0;
  let root: string | null = null;
  let refused = false;
  parser.on('doctype', () => {
    refused = true;
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    if (root === null) root = tag.uri === SVG_NS ? tag.local : '';
    if (skipping > 0 || tag.uri !== SVG_NS || !ELEMENTS.has(tag.local)) {
      skipping += 1;
      return;
    }
    const namespace = depth === 1 ? ` xmlns="${SVG_NS}"` : '';
    out.push(`<${tag.local}${namespace}${keptAttributes(tag)}>`);
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    if (skipping > 0) {
      skipping -= 1;
      return;
    }
    out.push(`</${tag.local}>`);
  });
  const text = (value: string) => {
    if (skipping === 0 && depth > 0) out.push(escapeXml(value));
  };
  parser.on('text', text);
  parser.on('cdata', text);
  try {
    parser.write(source).close();
  } catch {
    return null;
  }
  return refused || root !== 'svg' ? null : out.join('');
}

/** Why a label icon is refused: the i18n key and the HTTP status. */
export type LabelLogoProblem =
  { key: 'errors.labels.logoTooLarge'; status: 413 } | { key: 'errors.labels.logoType'; status: 415 };

/**
 * A label icon checked by its content (SPEC §5: png, jpg or svg, at most 100KB) as a data: URL, an SVG
 * sanitised first; or the problem. The name and announced type of the upload are never trusted.
 */
export function labelLogoDataUrl(bytes: Buffer): { dataUrl: string } | { problem: LabelLogoProblem } {
  if (bytes.length > LABEL_LIMITS.logoBytesMax) {
    return { problem: { key: 'errors.labels.logoTooLarge', status: 413 } };
  }
  const raster = logoContentType(bytes);
  if (raster) return { dataUrl: `data:${raster};base64,${bytes.toString('base64')}` };
  const svg = bytes.length > 0 ? sanitiseSvg(bytes.toString('utf8')) : null;
  if (!svg) return { problem: { key: 'errors.labels.logoType', status: 415 } };
  return { dataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
