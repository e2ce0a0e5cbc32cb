import { describe, expect, it } from 'vitest';
import { labelLogoDataUrl, sanitiseSvg } from '../../../server/files/label-logo';

const svg = (body: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${body}</svg>`;

describe('sanitiseSvg', () => {
  it.each([
    ['a script element', svg('<script>alert(1)</script><rect width="1"/>'), '<rect width="1"></rect>'],
    ['an event attribute', svg('<rect onmouseover="alert(1)" width="1"/>'), '<rect width="1"></rect>'],
    ['an external image', svg('<image href="https://x.example/a.png"/>'), ''],
    ['an external use', svg('<use xlink:href="https://x.example/s.svg#a"/>'), '<use></use>'],
    ['a local use', svg('<use xlink:href="#a"/>'), '<use href="#a"></use>'],
    ['an external fill', svg('<rect fill="url(https://x.example/#p)"/>'), '<rect></rect>'],
    ['a local gradient fill', svg('<rect fill="url(#g)"/>'), '<rect fill="url(#g)"></rect>'],
    ['a style element', svg('<style>@import url(https://x.example/a.css);</style>'), ''],
    ['a style with an import', svg('<rect style="fill:red;@import x"/>'), '<rect></rect>'],
    [
      'a plain style',
      svg('<rect style="fill: #f00; stroke-width: 2"/>'),
      '<rect style="fill: #f00; stroke-width: 2"></rect>',
    ],
    [
      'foreign content',
      svg('<foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject>'),
      '',
    ],
    ['a javascript link', svg('<a href="javascript:alert(1)"><rect/></a>'), ''],
  ])('removes or keeps %s as it should', (_name, source, inner) => {
    expect(sanitiseSvg(source)).toBe(`<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`);
  });

  it.each([
    ['not XML', 'just text'],
    ['HTML', '<html><body><svg/></body></html>'],
    ['a DOCTYPE with entities', '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['an svg outside the SVG namespace', '<svg><rect/></svg>'],
    ['malformed XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'],
  ])('refuses %s', (_name, source) => {
    expect(sanitiseSvg(source)).toBeNull();
  });
});

describe('labelLogoDataUrl', () => {
  it('takes a jpeg by its bytes whatever it is called', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expect(labelLogoDataUrl(jpeg)).toEqual({ dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}` });
  });

  it('refuses a gif and anything over 100KB', () => {
    expect(labelLogoDataUrl(Buffer.from('GIF89a....'))).toEqual({
      problem: { key: 'errors.labels.logoType', status: 415 },
    });
    expect(labelLogoDataUrl(Buffer.alloc(100 * 1024 + 1))).toEqual({
      problem: { key: 'errors.labels.logoTooLarge', status: 413 },
    });
  });
});
