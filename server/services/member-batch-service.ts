import { LOGIN_TYPES } from '../../domain/constants';
import { lastAdminRefusal } from '../../domain/rules/members';
import { ApiError } from '../core/errors';
import { withTransaction } from '../repositories';
import { refuseOverSeats } from './authorisation-service';
import { resetAccountPassword } from './account-recovery';
import { logMessage } from '../../domain/rules/operation-log-content';
import type { OrgChangeContext } from './service-context';
import { checkPlacement, logMemberChange, named, pickedMembers, refuseAction } from './member-checks';

/**
 * Makes the picked members administrators or ordinary members: never the operator themself, and the
 * organisation keeps at least one administrator. One transaction, one log row per member.
 */
export async function setMembersAdmin(
  context: OrgChangeContext,
  ids: number[],
  isAdmin: boolean,
): Promise<void> {
  const { db, orgId, operator, now } = context;
  refuseAction(isAdmin ? 'setAdmin' : 'revokeAdmin', operator, ids);
  await withTransaction(db, async (repos) => {
    await repos.members.lockOrganization(orgId);
    const members = await pickedMembers(repos, orgId, ids);
    if (!isAdmin) {
      const refusal = lastAdminRefusal(await repos.members.adminIds(orgId), ids);
      if (refusal) throw new ApiError(409, refusal);
    }
    await repos.members.setAdmin(orgId, ids, isAdmin);
    for (const member of members) {
      const key = isAdmin ? 'operationLog.content.adminGranted' : 'operationLog.content.adminRevoked';
      await logMemberChange(repos, orgId, operator, logMessage(key, named(member)), now);
    }
  });
}

/**
 * Removes the picked members (they become former members, restorable): never the operator themself, at
 * least one administrator remains, and their sessions end at once. One transaction.
 */
export async function removeMembers(context: OrgChangeContext, ids: number[]): Promise<void> {
  const { db, orgId, operator, now } = context;
  refuseAction('remove', operator, ids);
  await withTransaction(db, async (repos) => {
    await repos.members.lockOrganization(orgId);
    const members = await pickedMembers(repos, orgId, ids);
    const refusal = lastAdminRefusal(await repos.members.adminIds(orgId), ids);
    if (refusal) throw new ApiError(409, refusal);
    await repos.members.remove(orgId, ids, now);
    for (const member of members) {
      await repos.sessions.revokeAllForAccount(orgId, member.id, now);
      await logMemberChange(
        repos,
        orgId,
        operator,
        logMessage('operationLog.content.memberRemoved', named(member)),
        now,
      );
    }
  });
}

/** Moves the picked members to a department of the organisation (null: none). One transaction. */
export async function changeMembersDepartment(
  context: OrgChangeContext,
  ids: number[],
  deptId: number | null,
): Promise<void> {
  const { db, orgId, operator, now } = context;
  if (ids.length === 0) throw new ApiError(400, 'errors.members.noneSelected');
  await withTransaction(db, async (repos) => {
    const members = await pickedMembers(repos, orgId, ids);
    await checkPlacement(repos, orgId, null, deptId, null);
    const department = deptId === null ? undefined : await repos.departments.findById(orgId, deptId);
    await repos.members.changeDepartment(orgId, ids, deptId);
    for (const member of members) {
      const content = !department
        ? logMessage('operationLog.content.memberDepartmentCleared', named(member))
        : logMessage('operationLog.content.memberMovedTo', { ...named(member), department: department.name });
      await logMemberChange(repos, orgId, operator, content, now);
    }
  });
}

/**
 * Gives each picked member a one-time password that must be changed at the next sign-in (the service
 * behind `npm run cli -- account:reset-password`), ends their sessions and lifts a lock. Never the
 * operator themself; a domain account refuses the whole batch. One transaction; the passwords are answered
 * once.
 */
export async function resetMembersPasswords(
  context: OrgChangeContext,
  ids: number[],
): Promise<
  Array<{
    id: number;
    account: string;
    password: string;
    recipient: { mobile: string | null; email: string | null; lang: string };
  }>
> {
  const { db, orgId, operator, now } = context;
  refuseAction('resetPassword', operator, ids);
  return withTransaction(db, async (repos, trx) => {
    const members = await pickedMembers(repos, orgId, ids);
    if (members.some((member) => member.login_type === LOGIN_TYPES.ad)) {
      throw new ApiError(409, 'errors.members.domainAccount');
    }
    const passwords = [];
    for (const member of members) {
      const password = await resetAccountPassword(trx, member, operator, now);
      passwords.push({
        id: member.id,
        account: member.email ?? member.mobile ?? '',
        password,
        recipient: { mobile: member.mobile, email: member.email, lang: member.lang },
      });
    }
    return passwords;
  });
}

/**
 * Restores former members: active again, in the department they left when it still exists, signing in
 * with the password they had. One transaction, one log row per member.
 */
export async function restoreMembers(context: OrgChangeContext, ids: number[]): Promise<void> {
  const { db, orgId, operator, now } = context;
  if (ids.length === 0) throw new ApiError(400, 'errors.members.noneSelected');
  await withTransaction(db, async (repos) => {
    const unique = [...new Set(ids)];
    const former = await repos.members.findFormer(orgId, unique);
    if (former.length !== unique.length) throw new ApiError(404, 'errors.request.notFound');
    await repos.members.restore(orgId, unique);
    // Former members hold no seat; back, they hold one again for each product they still have.
    const regained = new Set<string>();
    for (const id of unique) {
      for (const product of await repos.products.listForAccount(orgId, id))
        if (product.authorized) regained.add(product.code);
    }
    await refuseOverSeats(repos, orgId, [...regained]);
    for (const member of former) {
      await logMemberChange(
        repos,
        orgId,
        operator,
        logMessage('operationLog.content.memberRestored', named({ ...member, id: Number(member.id) })),
        now,
      );
    }
  });
}
