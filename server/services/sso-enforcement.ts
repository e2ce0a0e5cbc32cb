import { logMessage } from '../../domain/rules/operation-log-content';
import { ApiError } from '../core/errors';
import type { Repositories } from '../repositories';

/**
 * How a kind of sign-in meets its organisation's enforced SSO (SPEC §4): 'sso' is the SSO sign-in itself;
 * 'breakGlass' (a password) may use an administrator's break-glass grant; 'refused' (a directory, a chat
 * host, a trial's SMS code) never signs a member in while SSO is enforced.
 */
export type UnderEnforcedSso = 'sso' | 'breakGlass' | 'refused';

/**
 * While an organisation's SSO is enforced (SPEC §4) no other sign-in signs its members in (403
 * errors.sso.passwordSignInDisabled), with one exception: the administrator an operator granted a
 * break-glass sign-in (`npm run cli -- sso:break-glass`), once, with a password, logged. Called after a
 * right secret only, so a wrong one neither reveals SSO nor uses the break-glass sign-in up.
 */
export async function assertSignInAllowedUnderSso(
  repos: Repositories,
  account: { org_id: number; id: number; email: string | null; mobile: string | null },
  kind: UnderEnforcedSso,
  now: number,
  /** Whether SSO is enforced, when the caller read it with the account in this request. */
  enforced?: boolean,
): Promise<void> {
  if (kind === 'sso') return;
  const on = enforced ?? (await repos.sso.find(Number(account.org_id)))?.enabled === 1;
  if (!on) return;
  if (
    kind === 'breakGlass' &&
    (await repos.sso.claimBreakGlass(Number(account.org_id), Number(account.id)))
  ) {
    await repos.operationLogs.insert({
      orgId: Number(account.org_id),
      operatorId: Number(account.id),
      operatorName: account.email ?? account.mobile ?? String(account.id),
      module: 'ssoAuth',
      content: logMessage('operationLog.content.ssoBreakGlassUsed', {
        account: account.email ?? account.mobile ?? String(account.id),
      }),
      now,
    });
    return;
  }
  throw new ApiError(403, 'errors.sso.passwordSignInDisabled');
}
