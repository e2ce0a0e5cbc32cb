import { type PasswordExpiry, type PasswordPolicy, policyProblem } from '../../domain/rules/password-policy';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories, withTransaction } from '../repositories';
import type { OrgChangeContext } from './service-context';
import { type LogParam, logList, logMessage } from '../../domain/rules/operation-log-content';

/** An expiry in the reader's words: never, 10 min ... 24 h, or a number of months. */
function expiryWords(expiry: PasswordExpiry): LogParam {
  if (expiry === 'never' || expiry === '10m' || expiry === '30m' || expiry === '1h' || expiry === '24h') {
    return logMessage(`operationLog.words.expiry.${expiry}`);
  }
  const months = /^(\d+)months$/.exec(expiry);
  return months ? logMessage('operationLog.words.expiry.months', { count: Number(months[1]) }) : expiry;
}

/** A policy that cannot be saved: the field and the bounds it must stay within. */
export class PasswordPolicyError extends Error {
  constructor(readonly problem: NonNullable<ReturnType<typeof policyProblem>>) {
    super(`${problem.field} must be a whole number from ${problem.min} to ${problem.max}`);
    this.name = 'PasswordPolicyError';
  }
}

/**
 * Changes some settings of an organisation's password policy, keeping the others (the defaults when it had
 * none), with the operation-log row in the same transaction. Returns the policy now in force. Throws
 * PasswordPolicyError for a policy out of bounds, and Error for an unknown organisation.
 */
export async function updatePasswordPolicy(
  context: OrgChangeContext,
  changes: Partial<PasswordPolicy>,
): Promise<PasswordPolicy> {
  const { db, orgId, operator, now } = context;
  return withTransaction(db, async (repos) => {
    if (!(await repos.organizations.findById(orgId))) throw new Error(`No organisation with id ${orgId}`);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const policy: PasswordPolicy = { ...(await repos.passwordPolicies.find(orgId)), ...defined };
    const problem = policyProblem(policy);
    if (problem) throw new PasswordPolicyError(problem);
    await repos.passwordPolicies.save(orgId, policy, now);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'security',
      content: logMessage('operationLog.content.passwordPolicySet', {
        min: policy.minLength,
        max: policy.maxLength,
        classes: logList(
          policy.requiredClasses.map((c) => logMessage(`operationLog.words.classes.${c}`)),
          'operationLog.words.none',
        ),
        expiry: expiryWords(policy.expiry),
        history:
          policy.historyDepth === 0
            ? logMessage('operationLog.words.historyCurrentOnly')
            : logMessage('operationLog.words.historyDepth', { count: policy.historyDepth }),
        lockAfter: policy.lockAfter,
      }),
      now,
    });
    return policy;
  });
}

/** The organisation's secondary-verification mode, shown beside its password policy. */
export async function verificationModeOf(db: Kysely<Database>, orgId: number) {
  return (await readRepositories(db).secondaryVerification.findMode(orgId)).mode;
}

/** The organisation's password policy in force (its defaults while it saved none). */
export function orgPasswordPolicy(db: Kysely<Database>, orgId: number): Promise<PasswordPolicy> {
  return readRepositories(db).passwordPolicies.find(orgId);
}

/** The organisation's password policy and its secondary-verification mode (organizationConfig/passwordPolicy). */
export async function passwordPolicyOf(db: Kysely<Database>, orgId: number) {
  const [policy, mode] = await Promise.all([orgPasswordPolicy(db, orgId), verificationModeOf(db, orgId)]);
  return { policy, mode };
}
