import { useEffect, useSyncExternalStore } from 'react';
import { isSecurityNoticeOff, readSecurityNoticeKnown } from '../../adapters/storage';
import { signInKey } from '../session/account-notices';
import { sessionStore } from '../session/use-session';

/**
 * The overlays that greet a user after signing in, in the one order they come (issue 23): the security
 * notice, then the work table's guided tour, then the personal centre's bubble. One at a time on both
 * shells: each waits until every earlier one is answered or has nothing to show.
 */
export const OVERLAY_ORDER = ['securityNotice', 'homeTour', 'personalCenterTour'] as const;
export type OverlayId = (typeof OVERLAY_ORDER)[number];

const claims = new Map<OverlayId, boolean>();
/** The sign-in whose security notice could not be read: it will not come, so it holds nothing up. */
let noticeSkipped: string | null = null;
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the security notice is still to come for this sign-in. Its code loads after the page, so the tours
 * ask the same storage it does rather than wait for it to say so.
 */
function securityNoticeDue(): boolean {
  const { session } = sessionStore.get();
  if (!session || session.PwdInfo?.MustChange) return false;
  const key = signInKey(session);
  return (
    key !== noticeSkipped &&
    !isSecurityNoticeOff(session.AccountInfo.Account) &&
    readSecurityNoticeKnown() !== key
  );
}

/** The security notice was answered ('I know', 'don't remind') or skipped: the next overlay may come. */
export function securityNoticeSettled(skippedSignIn?: string): void {
  if (skippedSignIn) noticeSkipped = skippedSignIn;
  changed();
}

/** Whether an earlier overlay than `id` is showing or still to come. */
function earlierPending(id: OverlayId): boolean {
  const earlier = OVERLAY_ORDER.slice(0, OVERLAY_ORDER.indexOf(id));
  return earlier.some((other) => claims.get(other) || (other === 'securityNotice' && securityNoticeDue()));
}

/**
 * An overlay's turn: true while it `wants` to show and nothing before it in OVERLAY_ORDER does. Its wish is
 * known to the later ones while it is mounted.
 */
export function useOverlayTurn(id: OverlayId, wants: boolean): boolean {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  useEffect(() => {
    if (claims.get(id) !== wants) {
      claims.set(id, wants);
      changed();
    }
    return () => {
      if (claims.get(id)) {
        claims.set(id, false);
        changed();
      }
    };
  }, [id, wants]);
  return wants && !earlierPending(id);
}
