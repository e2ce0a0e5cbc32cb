/**
 * jsdom's getComputedStyle walks every style rule of the document and asks its selector engine whether the
 * rule matches the element (living/helpers/style-rules.js, through the document's `_domSelector.check`).
 * antd's CSS-in-JS puts some 1,500 rules in the document of a page with a table, a picker and a select,
 * every one starting with `:where(.css-…)`; for such a selector the engine first runs a costly regular
 * expression, whose result it caches in an LRU of 1,024 entries: walked in the same order every time, 1,500
 * selectors never hit it. antd's table reads getComputedStyle at each resize, so that file spent 40 % of
 * its CPU there.
 *
 * A browser skips most rules by the classes of their last compound selector; this does the same before
 * asking the engine: a selector whose every alternative names, in its last compound and outside any
 * parentheses, a class the element does not have cannot match, and the engine is not asked. Any other
 * selector (attributes, escapes, quotes, non-ASCII, namespaces, an alternative without such a class) goes to
 * the engine as before, so getComputedStyle answers exactly what it answered; it is only the walk that is
 * shorter, and the engine's cache now holds the few selectors that reach it.
 */

type CheckResult = { match: boolean; pseudoElement: string | null; ast: unknown };
type Check = (selector: string, node: unknown, opt?: object) => CheckResult;

interface ElementImpl {
  nodeType: number;
  getAttributeNS(namespace: string | null, name: string): string | null;
}

interface DomSelector {
  check: Check;
}

const ELEMENT_NODE = 1;
const PATCHED = Symbol.for('lab-account-centre.style-rule-prefilter');
const CANNOT_MATCH: CheckResult = Object.freeze({ match: false, pseudoElement: null, ast: null });

/** Per selector: the classes each alternative's last compound requires, or null when that cannot be told. */
const requiredBySelector = new Map<string, string[][] | null>();

/** `text` with the contents of each parenthesised group dropped (`:not(.a) .b` → `:not() .b`). */
function withoutGroups(text: string): string | null {
  let depth = 0;
  let kept = '';
  for (const char of text) {
    if (char === '(') {
      if (depth === 0) kept += char;
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
      if (depth < 0) return null;
      if (depth === 0) kept += char;
    } else if (depth === 0) kept += char;
  }
  return depth === 0 ? kept : null;
}

function requiredClasses(selector: string): string[][] | null {
  // Only plain ASCII selectors without attributes, strings, escapes, namespaces or nesting are read here.
  if (!/^[\x20-\x7e]*$/.test(selector) || /[[\]\\|"'&]/.test(selector)) return null;
  const flat = withoutGroups(selector);
  if (flat === null) return null;
  const alternatives = flat.split(',').map((alternative) => {
    const compound =
      alternative
        .trim()
        .split(/\s*[\s>+~]\s*/)
        .pop() ?? '';
    return Array.from(compound.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g), (match) => match[1]);
  });
  return alternatives.every((classes) => classes.length > 0) ? alternatives : null;
}

function requiredOf(selector: string): string[][] | null {
  let required = requiredBySelector.get(selector);
  if (required === undefined) {
    required = requiredClasses(selector);
    requiredBySelector.set(selector, required);
  }
  return required;
}

/** Puts the pre-check in front of the document's selector engine's check (once per document). */
export function prefilterStyleRules(document: Document): void {
  // Class names match case-insensitively in quirks mode; the pre-check compares them exactly.
  if (document.compatMode !== 'CSS1Compat') return;
  const implSymbol = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const impl =
    implSymbol && (document as unknown as Record<symbol, { _domSelector?: DomSelector }>)[implSymbol];
  const domSelector = impl?._domSelector as (DomSelector & { [PATCHED]?: true }) | undefined;
  if (!domSelector || typeof domSelector.check !== 'function') {
    throw new Error('jsdom no longer has a document._domSelector.check: see style-rule-prefilter.ts');
  }
  if (domSelector[PATCHED]) return;
  const check = domSelector.check;
  let lastNode: unknown = null;
  let lastClassAttribute: string | null = null;
  let classes = new Set<string>();
  domSelector.check = (selector, node, opt) => {
    const required = typeof selector === 'string' ? requiredOf(selector) : null;
    const element = node as ElementImpl | null;
    if (required && element?.nodeType === ELEMENT_NODE && typeof element.getAttributeNS === 'function') {
      const classAttribute = element.getAttributeNS(null, 'class');
      if (element !== lastNode || classAttribute !== lastClassAttribute) {
        lastNode = element;
        lastClassAttribute = classAttribute;
        classes = new Set((classAttribute ?? '').split(/[\t\n\f\r ]+/).filter(Boolean));
      }
      const cannotMatch = required.every((alternative) => alternative.some((name) => !classes.has(name)));
      if (cannotMatch) return CANNOT_MATCH;
    }
    return check(selector, node, opt);
  };
  domSelector[PATCHED] = true;
}
