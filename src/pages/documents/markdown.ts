/**
 * A small, safe reader of the Markdown subset the public documents use: `#`-headings, paragraphs, `-` and
 * `1.` lists, `---` rules, `**bold**` and `[links](target)`. It builds a tree of plain values, never HTML:
 * the views render it as elements, so a document cannot inject markup or script. Anything else is text.
 */

/** A piece of a line. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'link'; href: string; external: boolean; children: Inline[] };

/** A block of the document. */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'rule' };

/**
 * Where a link may go: a hash route of this app (`#/contact`), https or http, mailto: or tel:. Any other
 * target (javascript:, data:, a relative path) is not a link and its text stays plain.
 */
export function safeHref(target: string): { href: string; external: boolean } | null {
  const href = target.trim();
  if (/^#\/[\w/-]*$/.test(href)) return { href, external: false };
  if (/^(https?:\/\/|mailto:|tel:)[^\s"'<>]+$/i.test(href)) return { href, external: /^https?:/i.test(href) };
  return null;
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** The inline pieces of one line of text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    if (match[1] !== undefined) {
      out.push({ kind: 'strong', children: parseInline(match[1]) });
    } else {
      const link = safeHref(match[3]);
      out.push(
        link
          ? { kind: 'link', href: link.href, external: link.external, children: parseInline(match[2]) }
          : { kind: 'text', text: match[2] },
      );
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/** The blocks of a document; blank lines end paragraphs and lists. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: Inline[][] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (line.trim() === '') {
      flush();
    } else if (heading) {
      flush();
      blocks.push({
        kind: 'heading',
        level: heading[1].length as 1 | 2 | 3,
        children: parseInline(heading[2].trim()),
      });
    } else if (/^\s*(---+|\*\*\*+)\s*$/.test(line)) {
      flush();
      blocks.push({ kind: 'rule' });
    } else if (bullet || numbered) {
      const ordered = numbered !== null;
      const text = (bullet ?? numbered)![1];
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(parseInline(text));
    } else if (list && /^\s+\S/.test(raw)) {
      // An indented line continues the list item above it.
      const items = list.items;
      items[items.length - 1] = [...items[items.length - 1], ...parseInline(` ${line.trim()}`)];
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** The text of the first top-level heading, for the page title. */
export function documentTitle(blocks: Block[]): string {
  const heading = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  if (!heading || heading.kind !== 'heading') return '';
  const text = (pieces: Inline[]): string =>
    pieces.map((piece) => (piece.kind === 'text' ? piece.text : text(piece.children))).join('');
  return text(heading.children);
}
