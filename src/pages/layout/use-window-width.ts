import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const width = () => window.innerWidth;

/** The window's inner width in CSS pixels, followed as the window is resized. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, width, width);
}
