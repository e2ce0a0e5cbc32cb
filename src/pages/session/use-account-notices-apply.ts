import { useLocation } from 'react-router-dom';
import { routeMeta } from '../paths';
import { accountNoticesApply } from './account-notices';
import { useModulesInForce } from './modules-in-force';
import { useSession } from './use-session';

/**
 * Whether the account notices belong on the current page (see accountNoticesApply). The page's guard facts
 * are read with the module switches in force for the signed-in member (the organisation's, capped by the
 * deployment's), as the route guard reads them, so a page the organisation switched off counts as off here too.
 */
export function useAccountNoticesApply(): boolean {
  const { pathname } = useLocation();
  const { session } = useSession();
  const modules = useModulesInForce();
  return accountNoticesApply({
    loggedIn: session !== null,
    path: pathname,
    route: routeMeta(pathname, modules),
    mustChangePassword: session?.PwdInfo.MustChange ?? false,
  });
}
