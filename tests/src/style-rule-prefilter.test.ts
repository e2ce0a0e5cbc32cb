import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prefilterStyleRules } from './style-rule-prefilter';

// Selectors of each kind the pre-check reads or leaves to the selector engine.
const CSS = `
  div { display: block; }
  .a { color: rgb(1, 0, 0); }
  :where(.h).a { margin-left: 1px; }
  .a .b { margin-top: 2px; }
  .a > .b::before { content: 'x'; }
  .a:not(.b) { padding-left: 3px; }
  .b.c { padding-top: 4px; }
  .x, .c { border-left-width: 5px; }
  [type="text"].a { width: 6px; }
  p:first-child, .b { height: 7px; }
  .a:is(.h, .b) { min-width: 8px; }
  .-x { max-width: 9px; }
  .b + .h { opacity: 0.5; }
  .a ~ .a { outline-width: 1px; }
  *.b { font-size: 10px; }
  @media screen { .c { line-height: 11px; } }
  .A { left: 12px; }
  .h:nth-child(2n+1) { right: 13px; }
  .\\31 x { top: 14px; }
  .é { bottom: 15px; }
`;
const HTML = `
  <div class="a" id="root">
    <span class="b c">one</span>
    <p class="h a">two</p>
    <input type="text" class="a">
    <i class="-x b">three</i>
    <b class="A">four</b>
    <em class="1x é h">five</em>
  </div>`;

type Page = { window: Window & typeof globalThis };
// jsdom's own API (the test environment's window is one of its windows); it ships no types.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => Page };

/** A window of its own (not the shared one, which holds antd's rules), with `css` and `html`. */
function pageOf(css: string, html: string): Page {
  return new JSDOM(`<!DOCTYPE html><html><head><style>${css}</style></head><body>${html}</body></html>`);
}

/** Every element's computed declarations, property by property. */
function computed(page: Page): string[][] {
  const { document, getComputedStyle } = page.window;
  return Array.from(document.querySelectorAll('#root, #root *'), (element) => {
    const style = getComputedStyle(element);
    return Array.from({ length: style.length }, (_, index) => {
      const property = style.item(index);
      return `${property}: ${style.getPropertyValue(property)}`;
    });
  });
}

type Check = (selector: string, node: unknown) => unknown;

/** The document's selector engine (jsdom keeps it on the document's implementation object). */
function domSelectorOf(document: Document): { check: Check } {
  const implSymbol = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  return (document as unknown as Record<symbol, { _domSelector: { check: Check } }>)[implSymbol!]
    ._domSelector;
}

describe('style rule pre-check', () => {
  it('leaves every computed style as jsdom computes it without the pre-check', () => {
    const plain = pageOf(CSS, HTML);
    const checked = pageOf(CSS, HTML);
    prefilterStyleRules(checked.window.document);
    const expected = computed(plain);
    expect(expected.flat()).toContain('margin-left: 1px');
    expect(computed(checked)).toEqual(expected);
  });

  it('keeps rules whose last compound names a class the element lacks away from the selector engine', () => {
    const rules = Array.from({ length: 50 }, (_, index) => `:where(.h) .k${index} { left: ${index}px; }`);
    const page = pageOf(rules.join('\n'), '<div id="root" class="h"><span class="k7">x</span></div>');
    const engine = domSelectorOf(page.window.document);
    const asked: string[] = [];
    const check = engine.check;
    engine.check = (selector, node) => {
      asked.push(selector);
      return check(selector, node);
    };
    prefilterStyleRules(page.window.document);
    const span = page.window.document.querySelector('span')!;
    expect(page.window.getComputedStyle(span).left).toBe('7px');
    expect(asked.filter((selector) => selector.includes('.k'))).toEqual([':where(.h) .k7']);
  });
});
