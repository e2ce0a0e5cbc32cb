import { describe, expect, it } from 'vitest';
import { checkWatermarkImage, watermarkLines, watermarkTime } from '../../../domain/rules/watermark';

const person = {
  realName: 'Mei Lin',
  email: 'mei@lab.example',
  mobile: '13912345678',
  organization: 'Lab A',
};

describe('watermarkLines', () => {
  it.each([
    [{ contents: ['name', 'time'], text: '', wrap: true }, ['Mei Lin', '2026-11-26 12:00']],
    [
      { contents: ['mobileLast4', 'email', 'account'], text: '', wrap: true },
      ['mei@lab.example', 'mei@lab.example', '5678'],
    ],
    [{ contents: ['organization', 'logo'], text: ' Secret ', wrap: false }, ['Secret Lab A']],
    [{ contents: [], text: '', wrap: false }, []],
  ] as const)('draws %j as %j', (settings, lines) => {
    expect(watermarkLines(settings, person, '2026-11-26 12:00')).toEqual(lines);
  });

  it('leaves out a detail the member does not have', () => {
    const noMobile = { ...person, mobile: null };
    expect(watermarkLines({ contents: ['name', 'mobileLast4'], text: '', wrap: true }, noMobile, '')).toEqual(
      ['Mei Lin'],
    );
  });
});

describe('checkWatermarkImage', () => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  it.each([
    ['a png', new Uint8Array(png), { ok: true, contentType: 'image/png' }],
    ['a jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { ok: true, contentType: 'image/jpeg' }],
    ['HTML', new TextEncoder().encode('<html></html>'), { ok: false, problem: 'errors.watermark.imageType' }],
    ['SVG', new TextEncoder().encode('<svg/>'), { ok: false, problem: 'errors.watermark.imageType' }],
    [
      'a png of 51KB',
      new Uint8Array(51 * 1024).fill(0x89),
      { ok: false, problem: 'errors.watermark.imageTooLarge' },
    ],
  ])('%s', (_name, bytes, expected) => {
    expect(checkWatermarkImage(bytes)).toEqual(expected);
  });
});

describe('watermarkTime', () => {
  it('formats minutes in UTC', () =>
    expect(watermarkTime(Date.UTC(2026, 10, 26, 9, 5, 30))).toBe('2026-11-26 09:05'));
});
