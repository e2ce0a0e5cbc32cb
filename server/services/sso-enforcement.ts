import { logMessage } from '../../domain/rules/operation-log-content';
import { ApiError } from '../core/errors';
import type { Repositories } from '../repositories';

/**
 * While an organisation's SSO is enforced (SPEC §4) its members' passwords sign nobody in (403
 * errors.sso.passwordSignInDisabled), with one exception: the administrator an operator granted a
 * break-glass sign-in (`npm run cli -- sso:break-glass`), once, logged. Called after a right password only,
 * so a wrong one neither reveals SSO nor uses the break-glass sign-in up.
 */
export async function assertPasswordSignInAllowed(
  repos: Repositories,
  account: { org_id: number; id: number; email: string | null; mobile: string | null },
  now: number,
): Promise<void> {
  const row = await repos.sso.find(Number(account.org_id));
  if (!row || row.enabled !== 1) return;
  if (await repos.sso.claimBreakGlass(Number(account.org_id), Number(account.id))) {
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
