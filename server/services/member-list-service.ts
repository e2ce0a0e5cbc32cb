import type { Kysely } from 'kysely';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import type { MemberFilter } from '../repositories/members-repository';
import { unlockAccount } from './account-recovery';
import type { OrgChangeContext } from './service-context';

/**
 * One page of an organisation's members (the administrators' list, and the pickers of department manager
 * and product authorisation), with the organisation's product codes and each member's products.
 */
export function memberPage(
  db: Kysely<Database>,
  orgId: number,
  query: MemberFilter & { pageIndex: number; pageSize: number },
) {
  const { pageIndex, pageSize, ...filter } = query;
  return readRepositories(db).members.page(orgId, filter, pageIndex, pageSize);
}

/**
 * An administrator unlocks a member of their organisation (see unlockAccount); a member of another
 * organisation, or a former one, is not found (404).
 */
export async function unlockMember(context: OrgChangeContext, memberId: number): Promise<void> {
  const member = await readRepositories(context.db).accounts.findById(context.orgId, memberId);
  if (!member || member.status === 'removed') throw new ApiError(404, 'errors.request.notFound');
  await unlockAccount(context, member);
}

/** One page of an organisation's former members, most recently removed first (Member history). */
export function formerMemberPage(
  db: Kysely<Database>,
  orgId: number,
  query: { keyword?: string; pageIndex: number; pageSize: number },
) {
  return readRepositories(db).members.formerPage(orgId, query.keyword, query.pageIndex, query.pageSize);
}
