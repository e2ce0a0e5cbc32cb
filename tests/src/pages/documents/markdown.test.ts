import { describe, expect, it } from 'vitest';
import {
  documentTitle,
  parseInline,
  parseMarkdown,
  safeHref,
} from '../../../../src/pages/documents/markdown';

describe('safeHref', () => {
  it.each([
    ['#/contact', { href: '#/contact', external: false }],
    ['https://example.com/a?b=1', { href: 'https://example.com/a?b=1', external: true }],
    ['mailto:support@example.com', { href: 'mailto:support@example.com', external: false }],
    ['tel:4000000000', { href: 'tel:4000000000', external: false }],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>', null],
    ['/etc/passwd', null],
    ['#/x" onclick="y', null],
  ])('%s', (target, expected) => {
    expect(safeHref(target)).toEqual(expected);
  });
});

describe('parseInline', () => {
  it('reads bold and links, keeps everything else as text', () => {
    expect(parseInline('a **b** [c](#/privacy) d')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: '#/privacy', external: false, children: [{ kind: 'text', text: 'c' }] },
      { kind: 'text', text: ' d' },
    ]);
  });

  it('turns a link to an unsafe target into its plain text', () => {
    // CommonMark reads balanced parentheses into the destination, so the whole link is one unsafe target.
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ kind: 'text', text: 'click' }]);
  });

  it('leaves HTML as text, never markup', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, both kinds of list and rules', () => {
    const blocks = parseMarkdown(
      '# Title\n\nOne\nline.\n\n## Part\n\n- a\n- **b**\n\n1. first\n2. second\n---\nend',
    );
    expect(blocks.map((block) => block.kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'list',
      'list',
      'rule',
      'paragraph',
    ]);
    expect(blocks[1]).toEqual({ kind: 'paragraph', children: [{ kind: 'text', text: 'One line.' }] });
    expect(blocks[3]).toMatchObject({ kind: 'list', ordered: false });
    expect(blocks[4]).toMatchObject({
      kind: 'list',
      ordered: true,
      items: [[{ text: 'first' }], [{ text: 'second' }]],
    });
    expect(documentTitle(blocks)).toBe('Title');
  });

  it('starts a new list when the kind changes and joins an indented continuation line', () => {
    const blocks = parseMarkdown('- a\n  still a\n1. b');
    expect(blocks).toEqual([
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'a still a' }]],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'b' }]] },
    ]);
  });

  it('reads Windows line ends and an empty document', () => {
    expect(parseMarkdown('# A\r\n\r\nb')).toHaveLength(2);
    expect(parseMarkdown('')).toEqual([]);
    expect(documentTitle([])).toBe('');
  });
});
