/** Small helpers for writing SVG markup by hand: the renderer builds strings, not DOM nodes. */

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text or attribute value made safe for XML; control characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the control characters are exactly what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch])
  );
}

/** A length for markup: millimetres to three decimals (a micrometre), no trailing zeros. */
export function mm(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * What a component shows when its value cannot be drawn (a barcode value its symbology refuses, a QR value
 * over capacity): a crossed box, so a misprint is visible rather than an empty space.
 */
export function unreadablePlaceholder(width: number, height: number): string {
  const w = mm(width);
  const h = mm(height);
  return (
    `<g class="unreadable" fill="none" stroke="#d4380d" stroke-width="0.2">` +
    `<rect x="0" y="0" width="${w}" height="${h}"/><path d="M0 0L${w} ${h}M${w} 0L0 ${h}"/></g>`
  );
}
