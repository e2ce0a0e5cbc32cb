import decodeQR from 'qr/decode.js';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { encodeBarcode } from '../../../domain/labels/barcode-svg';
import { BARCODE_TYPES, type BarcodeType } from '../../../domain/labels/label-limits';
import { componentValue, renderLabelSvg } from '../../../domain/labels/render-label';
import { wrapLines } from '../../../domain/labels/text-svg';
import type { LabelComponent } from '../../../domain/schemas/label-templates';

/** A value each symbology accepts. */
const BARCODE_SAMPLES: Record<BarcodeType, string> = {
  CODE128: 'S-2026-0001',
  CODE128A: 'SAMPLE01',
  CODE128B: 'Sample01',
  CODE128C: '20260001',
  CODE39: 'S2026 0001',
  EAN13: '5901234123457',
  EAN8: '96385074',
  EAN5: '54495',
  EAN2: '53',
  UPC: '123456789999',
  UPCE: '01245714',
  ITF14: '15400141288763',
  ITF: '123456',
  MSI: '1234',
  MSI10: '1234',
  MSI11: '1234',
  MSI1010: '1234',
  MSI1110: '1234',
  pharmacode: '1234',
  codabar: 'A1234B',
};

const box = { X: 2, Y: 3, Width: 40, Height: 12 };
const label = (...components: LabelComponent[]) => ({ Width: 50, Height: 30, Components: components });

/** Element names of a document, failing the test on markup that is not well-formed XML. */
function elementNames(svg: string): string[] {
  const names: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => names.push(tag.local));
  parser.write(svg).close();
  return names;
}

/**
 * The label's QR code as a scanner's grey image: the path's dark runs (module units) filled into a bitmap
 * at 4 px per module with the four-module quiet zone the standard asks for around the symbol.
 */
function scanOf(svg: string): { width: number; height: number; data: Uint8Array } {
  const runs = [...svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)].map((m) => m.slice(1).map(Number));
  const count = Math.max(...runs.map(([col, , run]) => col + run));
  const scale = 4;
  const size = (count + 8) * scale;
  const data = new Uint8Array(size * size * 3).fill(255);
  for (const [col, row, run] of runs) {
    for (let y = (row + 4) * scale; y < (row + 5) * scale; y += 1) {
      data.fill(0, (y * size + (col + 4) * scale) * 3, (y * size + (col + 4 + run) * scale) * 3);
    }
  }
  return { width: size, height: size, data };
}

describe('renderLabelSvg', () => {
  it('draws the label at its physical size, one user unit per mm, on white', () => {
    const svg = renderLabelSvg({ Width: 50, Height: 30.5, Components: [] });
    expect(svg).toContain('width="50mm" height="30.5mm" viewBox="0 0 50 30.5"');
    expect(elementNames(svg)).toEqual(['svg', 'rect']);
  });

  it.each(BARCODE_TYPES)('draws a %s barcode with its value under the bars', (type) => {
    const value = BARCODE_SAMPLES[type];
    const svg = renderLabelSvg(label({ Key: 'code', Kind: 'barcode', BarcodeType: type, ...box }), {
      code: value,
    });
    expect(elementNames(svg)).toEqual(['svg', 'rect', 'svg', 'path', 'text']);
    expect(svg).not.toContain('unreadable');
    expect(svg).toMatchSnapshot();
  });

  it('draws a crossed box when the symbology refuses the value, not a wrong barcode', () => {
    const svg = renderLabelSvg(label({ Key: 'code', Kind: 'barcode', BarcodeType: 'EAN13', ...box }), {
      code: '5901234123458',
    });
    expect(encodeBarcode('EAN13', '5901234123458')).toBeNull();
    expect(svg).toContain('class="unreadable"');
  });

  it('leaves the text out, or puts it over the bars, as the text position says', () => {
    const none = renderLabelSvg(label({ Key: 'c', Kind: 'barcode', TextPosition: 'none', ...box }), {
      c: 'A1',
    });
    const top = renderLabelSvg(label({ Key: 'c', Kind: 'barcode', TextPosition: 'top', ...box }), {
      c: 'A1',
    });
    expect(elementNames(none)).toEqual(['svg', 'rect', 'svg', 'path']);
    expect(top).toMatchSnapshot();
  });

  it.each(['L', 'M', 'Q', 'H'] as const)('draws a QR code at error correction %s', (level) => {
    const svg = renderLabelSvg(
      label({ Key: 'qr', Kind: 'qrcode', ErrorCorrection: level, X: 1, Y: 1, Width: 20, Height: 20 }),
      { qr: 'https://lab.example/s/2026-0001' },
    );
    expect(svg).toMatchSnapshot();
  });

  it.each([
    ['L', 'https://lab.example/s/2026-0001'],
    ['M', 'S-2026-0001'],
    ['Q', '20260001'],
    ['H', '样品 2026-0001'],
  ] as const)('draws a QR code at level %s that a scanner reads back as %s', (level, value) => {
    const svg = renderLabelSvg(
      label({ Key: 'qr', Kind: 'qrcode', ErrorCorrection: level, X: 1, Y: 1, Width: 20, Height: 20 }),
      { qr: value },
    );
    expect(decodeQR(scanOf(svg))).toBe(value);
  });

  it('encodes a QR value as UTF-8, so a Chinese value gives a larger symbol than its length suggests', () => {
    const qr = { Key: 'qr', Kind: 'qrcode' as const, X: 0, Y: 0, Width: 20, Height: 20 };
    const latin = renderLabelSvg(label(qr), { qr: 'abcdefghijklmnopq' });
    const chinese = renderLabelSvg(label(qr), { qr: '样品编号样品编号样品编号样品编号样' });
    expect(chinese).not.toContain('unreadable');
    expect(chinese.length).toBeGreaterThan(latin.length);
  });

  it('draws text with size, bold, alignment, padding and wrap, escaping the record value', () => {
    const text: LabelComponent = {
      Key: 'name',
      Kind: 'text',
      ...box,
      FontSize: 10,
      Bold: true,
      Align: 'center',
      Wrap: true,
      Padding: 1,
    };
    const svg = renderLabelSvg(label(text), { name: 'Buffer <A> & "B" solution for the cold room' });
    expect(svg).toContain('font-weight="bold"');
    expect(svg).toContain('text-anchor="middle"');
    expect(svg).toContain('Buffer &lt;A&gt; &amp; &quot;B&quot;');
    expect(elementNames(svg).filter((name) => name === 'tspan').length).toBeGreaterThan(1);
    expect(svg).toMatchSnapshot();
  });

  it('keeps unwrapped text on one line, right-aligned inside the padding', () => {
    const svg = renderLabelSvg(
      label({ Key: 't', Kind: 'text', ...box, Align: 'right', Padding: 2, Value: 'Lot 7' }),
    );
    expect(svg).toContain('text-anchor="end"');
    expect(svg).toContain('<tspan x="38"');
    expect(svg).toMatchSnapshot();
  });

  it('draws a logo from its id, and a crossed box for an unknown one', () => {
    const logo: LabelComponent = { Key: 'logo', Kind: 'image', ...box, LogoId: 'L1' };
    const svg = renderLabelSvg(label(logo), {}, { logos: { L1: 'data:image/png;base64,iVBORw0KGgo=' } });
    expect(svg).toContain('<image href="data:image/png;base64,iVBORw0KGgo="');
    expect(svg).toMatchSnapshot();
    expect(renderLabelSvg(label(logo))).toContain('unreadable');
  });

  it('draws horizontal and vertical lines at their width, and a dashed split along its long side', () => {
    const svg = renderLabelSvg(
      label(
        { Key: 'h', Kind: 'hline', X: 0, Y: 10, Width: 50, Height: 1, LineWidth: 0.5 },
        { Key: 'v', Kind: 'vline', X: 25, Y: 0, Width: 1, Height: 30, LineWidth: 0.2 },
        { Key: 's', Kind: 'split', X: 0, Y: 20, Width: 50, Height: 1 },
      ),
    );
    expect(svg).toContain('<path d="M0 0.5H50" stroke="#000" stroke-width="0.5" fill="none"/>');
    expect(svg).toContain('<path d="M0.5 0V30" stroke="#000" stroke-width="0.2" fill="none"/>');
    expect(svg).toContain('stroke-dasharray="1.2 0.6"');
    expect(svg).toMatchSnapshot();
  });

  it('draws components in Index order, each clipped to its box', () => {
    const svg = renderLabelSvg(
      label(
        { Key: 'top', Kind: 'text', ...box, Index: 2, Value: 'drawn-second' },
        { Key: 'under', Kind: 'text', ...box, Index: 1, Value: 'drawn-first' },
      ),
    );
    expect(svg.indexOf('drawn-first')).toBeLessThan(svg.indexOf('drawn-second'));
    expect(svg).toContain('overflow="hidden"');
  });
});

describe('componentValue', () => {
  const text: LabelComponent = { Key: 'lot', Kind: 'text', ...box, Value: 'sample' };
  it.each([
    [{ lot: 'L-7' }, 'L-7'],
    [{ lot: 12 }, '12'],
    [{}, 'sample'],
  ])('reads %j as %s', (record, expected) => {
    expect(componentValue(text, record)).toBe(expected);
  });
});

describe('wrapLines', () => {
  it.each([
    ['breaks at spaces', 'alpha beta gamma', 4, ['alpha', 'beta', 'gamma']],
    ['breaks a long word where it must', 'abcdefghij', 3, ['abcde', 'fghij']],
    ['breaks between ideographs', '样品编号测试', 3, ['样品编', '号测试']],
    ['keeps paragraphs', 'a\nb', 10, ['a', 'b']],
  ])('%s', (_name, text, maxEm, expected) => {
    expect(wrapLines(text, maxEm, false)).toEqual(expected);
  });
});
