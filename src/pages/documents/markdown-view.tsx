import type { ReactNode } from 'react';
import type { Block, Inline } from './markdown';

function renderInline(pieces: Inline[]): ReactNode[] {
  return pieces.map((piece, index) => {
    if (piece.kind === 'text') return piece.text;
    if (piece.kind === 'strong') return <strong key={index}>{renderInline(piece.children)}</strong>;
    return piece.external ? (
      <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer">
        {renderInline(piece.children)}
      </a>
    ) : (
      <a key={index} href={piece.href}>
        {renderInline(piece.children)}
      </a>
    );
  });
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const Tag = (['h1', 'h2', 'h3'] as const)[block.level - 1];
      return <Tag key={index}>{renderInline(block.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={index}>{renderInline(block.children)}</p>;
    case 'rule':
      return <hr key={index} />;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{renderInline(item)}</li>);
      return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
  }
}

/**
 * A parsed document as plain elements (no UI kit, no HTML strings): both shells style it with their
 * own CSS under `className`.
 */
export function MarkdownView({ blocks, className }: { blocks: Block[]; className?: string }) {
  return <article className={className}>{blocks.map(renderBlock)}</article>;
}
