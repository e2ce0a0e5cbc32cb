import { useEffect, useSyncExternalStore } from 'react';
import { setGuided } from '../../adapters/personal-api';
import { sessionStore, useSession } from '../session/use-session';

/** Whether the tour bubble is up: the account notice waits while it is (SPEC §4: not in a tour). */
let showing = false;
const listeners = new Set<() => void>();

function setShowing(next: boolean): void {
  if (showing === next) return;
  showing = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the personal-centre tour bubble is on screen. */
export function useTourShowing(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => showing,
    () => showing,
  );
}

/**
 * The one-step tour of the new header (SPEC §2, §4): a bubble on the personal-centre tab until the user
 * closes it; closing marks the personal centre as guided on the server (GET Account/SetGuided/PersonalCenter)
 * and in the session, so it never shows again for this user.
 */
export function usePersonalCenterTour() {
  const { session } = useSession();
  const open = session !== null && !session.IsPersonalCenterGuided;

  useEffect(() => {
    setShowing(open);
    return () => setShowing(false);
  }, [open]);

  const close = () => {
    // shut at once; a failed request only means the bubble returns after the next sign-in
    sessionStore.update({ IsPersonalCenterGuided: true });
    setGuided('PersonalCenter').catch(() => undefined);
  };

  return { open, close };
}
