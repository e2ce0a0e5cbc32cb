import {} from '../repositories/new-account-row';
import type {} from 'kysely';
import {} from '../../domain/constants';
import {} from '../../domain/rules/password-policy';
import {} from './password-upkeep';
import {
  type MemberAction,
  memberActionRefusal,
  parseMemberAccount,
  superiorRefusal,
} from '../../domain/rules/members';
import type {} from '../db/tables';
import { ApiError } from '../core/errors';
import { type Repositories } from '../repositories';
import {} from './authorisation-service';
import {} from '../security/one-time-password';
import {} from '../security/password-hasher';
import {} from './account-recovery';
import { type Operator } from '../core/operator';
import { type LogMessage } from '../../domain/rules/operation-log-content';

// What the member services share: checks of picked members and placements, and their log rows.

/** How the operation log names a member. */
export const named = (row: {
  real_name: string;
  mobile: string | null;
  email: string | null;
  id: number;
}) => ({
  name: row.real_name,
  account: row.email ?? row.mobile ?? `#${row.id}`,
});

/** The account name columns of a typed mobile or email, or a 400 naming what is wrong. */
export function accountColumns(input: string): {
  mobile: string | null;
  email: string | null;
  kind: 'mobile' | 'email';
  value: string;
} {
  const parsed = parseMemberAccount(input);
  if (parsed.kind === 'invalid') throw new ApiError(400, parsed.key);
  return parsed.kind === 'mobile'
    ? { mobile: parsed.value, email: null, kind: 'mobile', value: parsed.value }
    : { mobile: null, email: parsed.value, kind: 'email', value: parsed.value };
}

/** Refuses a department or superior that is not the organisation's, with a 400 naming which. */
export async function checkPlacement(
  repos: Repositories,
  orgId: number,
  memberId: number | null,
  deptId: number | null | undefined,
  superiorId: number | null | undefined,
): Promise<void> {
  if (deptId != null && !(await repos.members.departmentExists(orgId, deptId))) {
    throw new ApiError(400, 'errors.members.unknownDepartment');
  }
  if (superiorId == null) return;
  const refusal = superiorRefusal(memberId, superiorId);
  if (refusal) throw new ApiError(400, refusal);
  if ((await repos.members.findMembers(orgId, [superiorId])).length === 0) {
    throw new ApiError(400, 'errors.members.unknownSuperior');
  }
}

/** The picked members of the organisation, all of them, or 404 when any is not (another organisation's). */
export async function pickedMembers(repos: Repositories, orgId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repos.members.findMembers(orgId, unique);
  if (rows.length !== unique.length) throw new ApiError(404, 'errors.request.notFound');
  return rows.map((row) => ({ ...row, id: Number(row.id), org_id: Number(row.org_id) }));
}

export function refuseAction(action: MemberAction, operator: Operator, ids: number[]): void {
  const refusal = memberActionRefusal(action, operator.id ?? -1, ids);
  if (refusal) throw new ApiError(refusal === 'errors.members.noneSelected' ? 400 : 409, refusal);
}

/** Whether a database error is a unique-constraint violation (a concurrent add took the same name). */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/** Writes the member change's operation-log row (module `member`) in the caller's transaction. */
export async function logMemberChange(
  repos: Repositories,
  orgId: number,
  operator: Operator,
  content: LogMessage,
  now: number,
) {
  await repos.operationLogs.insert({
    orgId,
    operatorId: operator.id,
    operatorName: operator.name,
    module: 'member',
    content,
    now,
  });
}
