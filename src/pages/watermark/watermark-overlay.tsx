import type { CSSProperties } from 'react';

/**
 * The watermark drawn over a page: fixed over the whole viewport, above the content, never catching a click
 * or a touch (pointer-events none), hidden from screen readers. Used by both shells and by the preview
 * (`contained`: over its own box only).
 */
export function WatermarkOverlay({
  style,
  contained = false,
}: {
  style: Record<string, string | number> | null;
  contained?: boolean;
}) {
  if (!style) return null;
  const box: CSSProperties = {
    position: contained ? 'absolute' : 'fixed',
    inset: 0,
    pointerEvents: 'none',
    zIndex: contained ? 1 : 2000,
    ...style,
  };
  return (
    <div
      aria-hidden="true"
      data-testid={contained ? 'watermark-preview-layer' : 'watermark-overlay'}
      style={box}
    />
  );
}
