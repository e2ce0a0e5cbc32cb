/**
 * The footer's filing information and external links (SPEC §2 Footer): set per deployment by the operator
 * (environment, or `npm run cli -- footer:set`), each part hidden while it is unset.
 */
export interface FooterLink {
  label: string;
  url: string;
}

export interface FooterInfo {
  /** The filing (e.g. an ICP record number) and where it links to; null: not shown. */
  filing: { text: string; url: string | null } | null;
  /** External links, in the order given. */
  links: FooterLink[];
}

export const FOOTER_TEXT_MAX_LENGTH = 200;
export const FOOTER_LINKS_MAX = 10;

/** An http(s) address, or null for anything else. */
export function footerUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * External links as an operator writes them: `Label|https://…` entries separated by `;` or new lines.
 * Answers the links, or the first entry that is wrong as an error text for the operator.
 */
export function parseFooterLinks(text: string): { links: FooterLink[] } | { error: string } {
  const entries = text
    .split(/[;\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length > FOOTER_LINKS_MAX) return { error: `at most ${FOOTER_LINKS_MAX} links` };
  const links: FooterLink[] = [];
  for (const entry of entries) {
    const bar = entry.lastIndexOf('|');
    const label = bar > 0 ? entry.slice(0, bar).trim() : '';
    const url = bar > 0 ? footerUrl(entry.slice(bar + 1)) : null;
    if (!label || label.length > FOOTER_TEXT_MAX_LENGTH || !url)
      return { error: `"${entry}" is not Label|http(s)://address` };
    links.push({ label, url });
  }
  return { links };
}
