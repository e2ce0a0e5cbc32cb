import { useEffect, useRef } from 'react';

/**
 * Asks before leaving a page with unsaved changes (SPEC §5). Closing or reloading the tab gets the
 * browser's own prompt. A change of route asks `confirm` once it happened (the hash router offers no
 * blocker): staying puts the page's path back, and the page picks its draft up again on remount; leaving
 * runs `onLeave`. Route changes are seen both ways they happen: the router's pushState and the browser's
 * back and forward (hashchange).
 */
export function useLeaveGuard(dirty: boolean, path: string, message: string, onLeave: () => void) {
  const state = useRef({ dirty, message, onLeave });
  useEffect(() => {
    state.current = { dirty, message, onLeave };
  });

  useEffect(() => {
    const here = `#${path}`;
    const leaving = () => {
      if (!state.current.dirty || window.location.hash === here) return;
      if (window.confirm(state.current.message)) state.current.onLeave();
      else window.setTimeout(() => (window.location.hash = path));
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (state.current.dirty) event.preventDefault();
    };
    const { history } = window;
    const pushState = history.pushState;
    history.pushState = (...args: Parameters<History['pushState']>) => {
      pushState.apply(history, args);
      leaving();
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('hashchange', leaving);
    return () => {
      history.pushState = pushState;
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('hashchange', leaving);
    };
  }, [path]);
}
