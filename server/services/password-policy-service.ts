import type { Kysely } from 'kysely';
import { describePolicy, type PasswordPolicy, policyProblem } from '../../domain/rules/password-policy';
import type { Database } from '../db/tables';
import { withTransaction } from '../repositories';
import type { Operator } from './account-recovery';

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
  db: Kysely<Database>,
  orgId: number,
  changes: Partial<PasswordPolicy>,
  operator: Operator,
  now: number,
): Promise<PasswordPolicy> {
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
      content: `Set the password policy: ${describePolicy(policy)}`,
      now,
    });
    return policy;
  });
}
