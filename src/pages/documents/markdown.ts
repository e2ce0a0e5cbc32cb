import { Lexer, type Token, type Tokens } from 'marked';

/**
 * The public documents' Markdown, read by marked's lexer (CommonMark) into a tree of plain values, never
 * HTML: the views render it as elements, so a document cannot inject markup or script. The tree keeps the
 * subset the documents use (`#`-headings, paragraphs, `-` and `1.` lists, rules, bold and links); raw
 * HTML and anything else the tree has no place for is shown as its text.
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

/**
 * CommonMark without GitHub's extensions: a bare address stays text, as the documents have always shown
 * it, and no table or strike-through appears that the tree could not hold.
 */
const OPTIONS = { gfm: false } as const;

/** Line breaks inside a paragraph read as one space, as a browser lays out soft breaks. */
const asLine = (text: string) => text.replace(/[ \t]*\n[ \t]*/g, ' ');

/** Appends a piece, joining it to a text piece before it (the lexer splits text at every marker it tries). */
function push(out: Inline[], piece: Inline): void {
  const last = out[out.length - 1];
  if (piece.kind === 'text' && last?.kind === 'text') last.text += piece.text;
  else if (piece.kind !== 'text' || piece.text !== '') out.push(piece);
}

function inlinesOf(tokens: readonly Token[] | undefined): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        push(out, { kind: 'strong', children: inlinesOf(token.tokens) });
        break;
      case 'link': {
        const link = safeHref((token as Tokens.Link).href);
        const children = inlinesOf(token.tokens);
        if (link) push(out, { kind: 'link', ...link, children });
        else for (const child of children) push(out, child);
        break;
      }
      case 'text':
        // A list item's text holds its own inline tokens.
        if (token.tokens) for (const child of inlinesOf(token.tokens)) push(out, child);
        else push(out, { kind: 'text', text: asLine(token.text) });
        break;
      case 'escape':
        push(out, { kind: 'text', text: token.text });
        break;
      case 'br':
        push(out, { kind: 'text', text: ' ' });
        break;
      default:
        // Raw HTML, emphasis, code spans, images: their source, as text.
        push(out, { kind: 'text', text: asLine(token.raw) });
    }
  }
  return out;
}

/** A list item's blocks (a loose item's paragraphs, a nested list) as one line of pieces. */
function itemInlines(tokens: readonly Token[]): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens) {
    if (token.type === 'space') continue;
    const pieces =
      token.type === 'list'
        ? (token as Tokens.List).items.flatMap((item) => itemInlines(item.tokens))
        : 'tokens' in token && token.tokens
          ? inlinesOf(token.tokens)
          : [{ kind: 'text' as const, text: asLine(token.raw.trim()) }];
    if (out.length > 0 && pieces.length > 0) push(out, { kind: 'text', text: ' ' });
    for (const piece of pieces) push(out, piece);
  }
  return out;
}

function blocksOf(tokens: readonly Token[], blocks: Block[]): Block[] {
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
        break;
      case 'heading':
        blocks.push({
          kind: 'heading',
          level: Math.min(token.depth, 3) as 1 | 2 | 3,
          children: inlinesOf(token.tokens),
        });
        break;
      case 'hr':
        blocks.push({ kind: 'rule' });
        break;
      case 'list':
        blocks.push({
          kind: 'list',
          ordered: token.ordered,
          items: (token as Tokens.List).items.map((item) => itemInlines(item.tokens)),
        });
        break;
      case 'blockquote':
        blocksOf(token.tokens ?? [], blocks);
        break;
      case 'paragraph':
      case 'text':
        blocks.push({ kind: 'paragraph', children: inlinesOf(token.tokens) });
        break;
      default: {
        // Raw HTML and code blocks: their source, as text.
        const text = asLine(token.raw.trim());
        if (text) blocks.push({ kind: 'paragraph', children: [{ kind: 'text', text }] });
      }
    }
  }
  return blocks;
}

/** The inline pieces of one line of text. */
export function parseInline(text: string): Inline[] {
  return inlinesOf(Lexer.lexInline(text, OPTIONS));
}

/** The blocks of a document. */
export function parseMarkdown(source: string): Block[] {
  return blocksOf(Lexer.lex(source, OPTIONS), []);
}

/** The text of the first top-level heading, for the page title. */
export function documentTitle(blocks: Block[]): string {
  const heading = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  if (!heading || heading.kind !== 'heading') return '';
  const text = (pieces: Inline[]): string =>
    pieces.map((piece) => (piece.kind === 'text' ? piece.text : text(piece.children))).join('');
  return text(heading.children);
}
