import { describe, expect, it } from 'vitest';
import { logoContentType } from '../../../domain/rules/organization-logo';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('logoContentType', () => {
  it.each([
    ['a PNG signature', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'image/png'],
    ['a JPEG/JFIF start', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['a JPEG/Exif start', bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0x10), 'image/jpeg'],
    ['a PNG signature cut short', bytes(0x89, 0x50, 0x4e, 0x47), null],
    ['a GIF', new TextEncoder().encode('GIF89a....'), null],
    ['an SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['text renamed .png', new TextEncoder().encode('hello, world'), null],
    ['nothing', bytes(), null],
  ])('%s', (_case, input, expected) => {
    expect(logoContentType(input)).toBe(expected);
  });
});
