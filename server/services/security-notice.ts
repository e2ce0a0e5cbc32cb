import { DAY_MS, LOGIN_TYPES } from '../../domain/constants';
import { SECURITY_NOTICE_LOOKBACK_DAYS } from '../../domain/rules/login-log';
import { passwordExpiresAt } from '../../domain/rules/password-policy';
import type { SecurityNotice } from '../../domain/schemas/login-logs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import type { AccountWithOrganization } from '../repositories/accounts-repository';

/** With no earlier successful sign-in, failures are counted over this long. */
export const FAILURE_LOOKBACK_MS = SECURITY_NOTICE_LOOKBACK_DAYS * DAY_MS;

/**
 * What the account-security notice tells the signed-in user (SPEC §4): the successful sign-in before this
 * session's, the failed attempts on the account since then, and how old the password is against the
 * organisation's expiry. A domain account's password is the directory's, so it has no password line.
 */
export async function securityNoticeFacts(
  db: Kysely<Database>,
  session: { orgId: number; accountId: number; createdAt: number; account: AccountWithOrganization },
  now: number,
): Promise<SecurityNotice> {
  const { orgId, accountId, account } = session;
  const repos = readRepositories(db);
  // The session's own sign-in is logged at the session's creation time, so "before" skips it.
  const previous = await repos.loginLogs.lastSuccessBefore(orgId, accountId, session.createdAt);
  const [failures, policy] = await Promise.all([
    repos.loginLogs.failuresAfter(
      orgId,
      accountId,
      previous ? previous.created_at : now - FAILURE_LOOKBACK_MS,
    ),
    account.login_type === LOGIN_TYPES.ad ? null : repos.passwordPolicies.find(orgId),
  ]);
  return {
    PreviousLogin: previous
      ? { Time: previous.created_at, IP: previous.ip, Browser: previous.browser, Product: previous.product }
      : null,
    FailedAttempts: {
      Count: failures.count,
      LastTime: failures.latest?.created_at ?? null,
      LastIP: failures.latest?.ip ?? null,
    },
    Password: policy
      ? {
          ChangedAt: account.password_changed_at,
          ExpiresAt: passwordExpiresAt(account.password_changed_at, policy.expiry),
        }
      : null,
  };
}
