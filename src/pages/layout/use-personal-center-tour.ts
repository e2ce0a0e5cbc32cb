import { setGuided } from '../../adapters/personal-api';
import { sessionStore, useSession } from '../session/use-session';
import { useOverlayTurn } from './overlay-turns';

/**
 * The one-step tour of the new header (SPEC §2, §4): a bubble on the personal-centre tab until the user
 * closes it; closing marks the personal centre as guided on the server (GET Account/SetGuided/PersonalCenter)
 * and in the session, so it never shows again for this user. It comes last of the overlays after sign-in.
 */
export function usePersonalCenterTour() {
  const { session } = useSession();
  const open = useOverlayTurn('personalCenterTour', session !== null && !session.IsPersonalCenterGuided);

  const close = () => {
    // shut at once; a failed request only means the bubble returns after the next sign-in
    sessionStore.update({ IsPersonalCenterGuided: true });
    setGuided('PersonalCenter').catch(() => undefined);
  };

  return { open, close };
}
