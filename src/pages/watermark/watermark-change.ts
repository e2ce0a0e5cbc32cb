/**
 * Tells the portal's watermark overlay that the organisation's watermark was saved in this tab, so the
 * administrator's own pages show the new one without a reload.
 */
const listeners = new Set<() => void>();

/** Runs `listener` after each saved change; answers the unsubscribe. */
export function onWatermarkChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The watermark setting or its switch was saved. */
export function announceWatermarkChange(): void {
  for (const listener of listeners) listener();
}
