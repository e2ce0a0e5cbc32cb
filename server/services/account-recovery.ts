import type { Kysely } from 'kysely';
import { LOGIN_TYPES } from '../../domain/constants';
import type { AccountRow, Database } from '../db/tables';
import { withTransaction } from '../repositories';
import { randomPassword } from '../security/one-time-password';
import { hashPassword } from '../security/password-hasher';
import { accountFailureKey, accountFailureKeys, directoryFailureName } from '../core/failure-keys';
import type { Operator } from '../core/operator';
import { logMessage } from '../../domain/rules/operation-log-content';
import type { OrgChangeContext } from './service-context';

type RecoveredAccount = Pick<AccountRow, 'id' | 'org_id' | 'mobile' | 'email'>;

/** A recovery the account's kind does not allow, e.g. a portal password for a domain account. */
export class RecoveryRefused extends Error {}

/** How the operation log names an account: the name it signs in with. */
function accountName(account: RecoveredAccount): string {
  return account.email ?? account.mobile ?? `#${account.id}`;
}

/**
 * Unlocks an account and forgets the failed sign-ins of its names and its wrong signature passwords (the
 * electronic signature's lock), so the user can try again at once; the operation-log row lands in the same
 * transaction.
 */
export async function unlockAccount(context: OrgChangeContext, account: RecoveredAccount): Promise<void> {
  const { db, orgId, operator, now } = context;
  await withTransaction(db, async (repos) => {
    await repos.accounts.unlock(orgId, account.id, now);
    // A domain account's failures count under its directory names too.
    const directoryNames = await repos.ldap.usernamesOf(orgId, account.id);
    await repos.authFailures.clear(
      ...accountFailureKeys(account),
      ...directoryNames.map((name) => accountFailureKey(directoryFailureName(orgId, name))),
    );
    // Signing locked by wrong signature passwords is lifted with it.
    await repos.esign.clearFailures(orgId, account.id);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'member',
      content: logMessage('operationLog.content.accountUnlocked', { account: accountName(account) }),
      now,
    });
  });
}

/**
 * Gives an account a new random one-time password that must be changed at the next sign-in, ends its
 * sessions and lifts any lock, with the operation-log row in the same transaction. Returns the password,
 * which is shown once and stored only as its hash. A domain (AD/LDAP) account is refused with
 * RecoveryRefused: its password is the directory's, and a portal password would never sign it in.
 */
export async function resetAccountPassword(
  db: Kysely<Database>,
  account: RecoveredAccount & Pick<AccountRow, 'login_type'>,
  operator: Operator,
  now: number,
): Promise<string> {
  if (account.login_type === LOGIN_TYPES.ad) {
    throw new RecoveryRefused(
      `${accountName(account)} is a domain account: its password is the directory's (AD/LDAP). ` +
        'Reset it in the directory; nothing was changed',
    );
  }
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  await withTransaction(db, async (repos) => {
    await repos.accounts.setOneTimePassword(account.org_id, account.id, passwordHash, now);
    await repos.sessions.revokeAllForAccount(account.org_id, account.id, now);
    await repos.authFailures.clear(...accountFailureKeys(account));
    await repos.operationLogs.insert({
      orgId: account.org_id,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'member',
      content: logMessage('operationLog.content.passwordInitialised', { account: accountName(account) }),
      now,
    });
  });
  return password;
}
