import { useLocation } from 'react-router-dom';
import { getClientConfig } from '../../adapters/config-api';
import { routeMeta } from '../paths';
import { accountNoticesApply } from './account-notices';
import { useSession } from './use-session';

/** Whether the account notices belong on the current page (see accountNoticesApply). */
export function useAccountNoticesApply(): boolean {
  const { pathname } = useLocation();
  const { session } = useSession();
  return accountNoticesApply({
    loggedIn: session !== null,
    path: pathname,
    route: routeMeta(pathname, getClientConfig().modules),
    mustChangePassword: session?.PwdInfo.MustChange ?? false,
  });
}
