import type { UiVersion } from '../../../domain/constants';
import { homePath } from '../paths';
import { useSession } from '../session/use-session';

/**
 * The layout pages (/layout/*) belong to the UI the user chose (SPEC §2): in the new UI they sit under the
 * new header with a way home to the card home; in the nostalgia UI the personal centre is the home.
 */
export function useLayout(): { uiVersion: UiVersion; homePath: string; showHomeLink: boolean } {
  const { session } = useSession();
  const uiVersion: UiVersion = session?.UIVersion === 'NOSTALGIA' ? 'NOSTALGIA' : 'NEW';
  return { uiVersion, homePath: homePath(uiVersion), showHomeLink: uiVersion === 'NEW' };
}
