import { PRODUCT_CODES, type ProductCode } from '../constants';

/**
 * Help documents per product (SPEC §2: "Help-doc routes are generated per authorised platform, named
 * platform plus _doc, with path /{platform}/:a/:b. Choosing a help item goes to the platform's default doc
 * path, or / if unknown"). The platform is the product code in lower case (/eln/guide/start).
 */

/** One segment of a help-doc path (:a or :b): lower-case letters, digits and hyphens, so never a file path. */
export const HELP_DOC_SEGMENT = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The document a help item opens first, per product (the same for every product today). */
export const HELP_DOC_DEFAULT: Readonly<Record<ProductCode, { a: string; b: string }>> = Object.fromEntries(
  PRODUCT_CODES.map((code) => [code, { a: 'guide', b: 'start' }]),
) as Record<ProductCode, { a: string; b: string }>;

/** The platform segment of a product's help-doc routes. */
export function helpDocPlatform(code: ProductCode): string {
  return code.toLowerCase();
}

/** The route name of a platform's help documents (SPEC §2: platform plus _doc). */
export function helpDocRouteName(code: ProductCode): string {
  return `${helpDocPlatform(code)}_doc`;
}

/** The product of a platform segment, or null when no product has it. */
export function productOfPlatform(platform: string): ProductCode | null {
  return PRODUCT_CODES.find((code) => helpDocPlatform(code) === platform) ?? null;
}

/** Where a product's help item goes: its default document, or / for a code no product has. */
export function helpDocPath(code: string): string {
  const product = PRODUCT_CODES.find((known) => known === code);
  if (!product) return '/';
  const { a, b } = HELP_DOC_DEFAULT[product];
  return `/${helpDocPlatform(product)}/${a}/${b}`;
}

/** The product and document a path names (/{platform}/:a/:b), or null when it is no help-doc path. */
export function parseHelpDocPath(path: string): { code: ProductCode; a: string; b: string } | null {
  const match = /^\/([a-z]+)\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  const code = productOfPlatform(match[1]);
  if (!code || !HELP_DOC_SEGMENT.test(match[2]) || !HELP_DOC_SEGMENT.test(match[3])) return null;
  return { code, a: match[2], b: match[3] };
}
