import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { BUTTON_DEBOUNCE_MS } from '../../../domain/constants';

/**
 * A button's click handler with SPEC §9's debounce: the first click runs at once, and any further click
 * within `waitMs` of it does nothing (answers undefined), so a double click submits once.
 */
export function useDebouncedAction<A extends unknown[], R>(
  action: (...args: A) => R,
  waitMs: number = BUTTON_DEBOUNCE_MS,
): (...args: A) => R | undefined {
  const latest = useRef(action);
  useLayoutEffect(() => {
    latest.current = action;
  });
  const blocked = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (blocked.current !== null) clearTimeout(blocked.current);
    },
    [],
  );
  return useCallback(
    (...args: A) => {
      if (blocked.current !== null) return undefined;
      blocked.current = setTimeout(() => {
        blocked.current = null;
      }, waitMs);
      return latest.current(...args);
    },
    [waitMs],
  );
}
