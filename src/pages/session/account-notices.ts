import type { SessionInfo } from '../../../domain/schemas/account';
import { PATHS, type RouteMeta } from '../paths';

/**
 * Whether the account notices (the security notice, the forced-logout reminder) belong on this page: only
 * on signed-in pages, never on login (SPEC §4: arriving at login closes them), nor while or where a
 * forced password change is under way. Their chunk loads only when this holds.
 */
export function accountNoticesApply(input: {
  loggedIn: boolean;
  path: string;
  route: RouteMeta | undefined;
  mustChangePassword: boolean;
}): boolean {
  return (
    input.loggedIn &&
    !!input.route?.needsLogin &&
    input.path !== PATHS.modifyPsw &&
    input.path !== PATHS.lock &&
    !input.mustChangePassword
  );
}

/** One sign-in of one login name: the name and when its session ends (unique per sign-in). */
export function signInKey(session: Pick<SessionInfo, 'AccountInfo' | 'ExpiredTime'>): string {
  return `${session.AccountInfo.Account.toLowerCase()} ${session.ExpiredTime}`;
}

/**
 * SPEC §4 account notice: open for a signed-in user who is not in a guided tour, unless the login name
 * said 'don't remind' (permanent) or this sign-in said 'I know'.
 */
export function shouldOpenSecurityNotice(input: {
  inTour: boolean;
  neverForLoginName: boolean;
  knownForThisSignIn: boolean;
}): boolean {
  return !input.inTour && !input.neverForLoginName && !input.knownForThisSignIn;
}
