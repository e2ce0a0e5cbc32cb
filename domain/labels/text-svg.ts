import type { LabelComponent } from '../schemas/label-templates';
import { MM_PER_POINT } from './label-limits';
import { escapeXml, mm } from './svg-markup';

/** Ideographs, kana, hangul and full-width forms take a whole em; other characters about half of one. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** Estimated advance of a character in em (no font metrics in Node, and the estimate must match in both). */
function advance(ch: string, bold: boolean): number {
  if (WIDE.test(ch)) return 1;
  return bold ? 0.6 : 0.55;
}

/**
 * Splits text into lines no wider than `maxEm`: at spaces where it can, inside a word (or between
 * ideographs) where it must.
 */
export function wrapLines(text: string, maxEm: number, bold: boolean): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let width = 0;
    let lastSpace = -1;
    for (const ch of paragraph) {
      const w = advance(ch, bold);
      if (width + w > maxEm && line !== '') {
        if (ch !== ' ' && lastSpace > 0) {
          lines.push(line.slice(0, lastSpace));
          line = line.slice(lastSpace + 1);
        } else {
          lines.push(line);
          line = '';
        }
        width = [...line].reduce((sum, c) => sum + advance(c, bold), 0);
        lastSpace = -1;
        if (ch === ' ') continue;
      }
      if (ch === ' ') lastSpace = line.length;
      line += ch;
      width += w;
    }
    lines.push(line);
  }
  return lines;
}

const ANCHORS = { left: 'start', center: 'middle', right: 'end' } as const;

/**
 * Text in its component box (coordinates relative to the box): size in points, bold, aligned left, centre
 * or right inside the padding, wrapped onto lines when `Wrap` is on, the block centred vertically. What
 * does not fit is clipped by the box.
 */
export function textSvg(component: LabelComponent, value: string): string {
  const { Width: width, Height: height } = component;
  const padding = component.Padding ?? 0;
  const bold = component.Bold ?? false;
  const align = component.Align ?? 'left';
  const fontSize = (component.FontSize ?? 9) * MM_PER_POINT;
  const inner = Math.max(width - 2 * padding, 0);
  const lines = component.Wrap ? wrapLines(value, inner / fontSize, bold) : [value.replace(/\n/g, ' ')];
  const lineHeight = fontSize * 1.2;
  const blockTop = Math.max(padding, (height - lines.length * lineHeight) / 2);
  const x = align === 'left' ? padding : align === 'right' ? width - padding : width / 2;
  const weight = bold ? ' font-weight="bold"' : '';
  const spans = lines
    .map(
      (line, i) =>
        `<tspan x="${mm(x)}" y="${mm(blockTop + i * lineHeight + fontSize * 0.9)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return (
    `<text font-size="${mm(fontSize)}" font-family="sans-serif"${weight} ` +
    `text-anchor="${ANCHORS[align]}" xml:space="preserve">${spans}</text>`
  );
}
