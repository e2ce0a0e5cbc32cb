import { newAccountRow } from '../repositories/new-account-row';
import type { Kysely } from 'kysely';
import { type Language, LOGIN_TYPES } from '../../domain/constants';
import { passwordProblemError } from '../../domain/rules/password-policy';
import { newPasswordProblems } from './password-upkeep';
import {
  changedMemberColumns,
  lastAdminRefusal,
  type MemberAction,
  memberActionRefusal,
  parseMemberAccount,
  superiorRefusal,
} from '../../domain/rules/members';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { createRepositories, type Repositories, withTransaction } from '../repositories';
import { refuseOverSeats } from './authorisation-service';
import { randomPassword } from '../security/one-time-password';
import { hashPassword } from '../security/password-hasher';
import { resetAccountPassword } from './account-recovery';
import { type Operator } from '../core/operator';
import { type LogMessage, logMessage } from '../../domain/rules/operation-log-content';

/** A new member as the administrator (or the operator CLI) describes it. */
export interface NewMemberInput {
  account: string;
  realName: string;
  deptId: number | null;
  superiorId: number | null;
  products: string[];
  /** An initial password typed by the administrator; absent: one is generated and answered once. */
  password?: string;
  /**
   * What the welcome message is written in (the administrator's language): the member has not chosen one,
   * so their interface follows their browser until they do.
   */
  language: Language;
}

/** Changes to a member; absent fields stay as they are. */
export interface MemberChanges {
  account?: string;
  realName?: string;
  deptId?: number | null;
  superiorId?: number | null;
}

/** How the operation log names a member. */
const named = (row: { real_name: string; mobile: string | null; email: string | null; id: number }) => ({
  name: row.real_name,
  account: row.email ?? row.mobile ?? `#${row.id}`,
});

/** The account name columns of a typed mobile or email, or a 400 naming what is wrong. */
function accountColumns(input: string): {
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
async function checkPlacement(
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
async function pickedMembers(repos: Repositories, orgId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repos.members.findMembers(orgId, unique);
  if (rows.length !== unique.length) throw new ApiError(404, 'errors.request.notFound');
  return rows.map((row) => ({ ...row, id: Number(row.id), org_id: Number(row.org_id) }));
}

function refuse(action: MemberAction, operator: Operator, ids: number[]): void {
  const refusal = memberActionRefusal(action, operator.id ?? -1, ids);
  if (refusal) throw new ApiError(refusal === 'errors.members.noneSelected' ? 400 : 409, refusal);
}

/** Whether a database error is a unique-constraint violation (a concurrent add took the same name). */
const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/**
 * Adds a member with an initial password that must be changed at the first sign-in: typed by the
 * administrator (checked against the organisation's policy) or generated and answered once. The account
 * name is unique in the deployment, compared as normalised; products are granted within the organisation's
 * licences. One transaction with the operation-log row.
 */
export async function addMember(
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  input: NewMemberInput,
  now: number,
): Promise<{
  id: number;
  account: string;
  /** The generated password (null when the administrator typed one). */
  password: string | null;
  recipient: { mobile: string | null; email: string | null; lang: string };
}> {
  const name = accountColumns(input.account);
  if (input.password !== undefined) {
    const repos = createRepositories(db);
    const [policy, organization] = await Promise.all([
      repos.passwordPolicies.find(orgId),
      repos.organizations.findById(orgId),
    ]);
    const [problem] = await newPasswordProblems(input.password, policy, {
      accountNames: [name.value],
      realName: input.realName,
      organizationName: organization?.name,
    });
    if (problem) {
      const { key, params } = passwordProblemError(problem);
      throw new ApiError(400, key, params);
    }
  }
  const password = input.password ?? randomPassword();
  // Hashing takes tens of milliseconds: done before the transaction holds the database.
  const passwordHash = await hashPassword(password);
  try {
    return await withTransaction(db, async (repos) => {
      if (await repos.members.accountNameTaken(name)) throw new ApiError(409, 'errors.members.accountTaken');
      await checkPlacement(repos, orgId, null, input.deptId, input.superiorId);
      const licensed = await repos.members.organizationProducts(orgId);
      const products = [...new Set(input.products)].map((code) => {
        const product = licensed.find((row) => row.code === code);
        if (!product) throw new ApiError(400, 'errors.members.unknownProduct', { product: code });
        return product.id;
      });
      const id = await repos.accounts.insert(
        newAccountRow(
          {
            orgId,
            deptId: input.deptId,
            superiorId: input.superiorId,
            realName: input.realName,
            mobile: name.mobile,
            email: name.email,
            passwordHash,
            loginType: LOGIN_TYPES.normal,
            lang: input.language,
            mustChangePassword: true,
          },
          now,
        ),
      );
      await repos.products.grantToAccount(orgId, id, products, now);
      // A product's seats hold for a new member as for the authorisation screen (rolled back if over).
      await refuseOverSeats(repos, orgId, [...new Set(input.products)]);
      await log(
        repos,
        orgId,
        operator,
        logMessage('operationLog.content.memberAdded', named({ id, real_name: input.realName, ...name })),
        now,
      );
      return {
        id,
        account: name.value,
        password: input.password === undefined ? password : null,
        recipient: { mobile: name.mobile, email: name.email, lang: input.language },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'errors.members.accountTaken');
    throw error;
  }
}

/**
 * Changes a member's name, account name, department or superior; the administrator right is not here. An
 * edit that changes nothing writes nothing, not even an operation-log row.
 */
export async function updateMember(
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  id: number,
  changes: MemberChanges,
  now: number,
): Promise<void> {
  const name = changes.account === undefined ? undefined : accountColumns(changes.account);
  try {
    await withTransaction(db, async (repos) => {
      const [member] = await pickedMembers(repos, orgId, [id]);
      const changed = changedMemberColumns(member, {
        ...(changes.realName === undefined ? {} : { real_name: changes.realName }),
        ...(name ? { mobile: name.mobile, email: name.email } : {}),
        ...(changes.deptId === undefined ? {} : { dept_id: changes.deptId }),
        ...(changes.superiorId === undefined ? {} : { superior_id: changes.superiorId }),
      });
      if (Object.keys(changed).length === 0) return;
      if (name && (await repos.members.accountNameTaken(name, id))) {
        throw new ApiError(409, 'errors.members.accountTaken');
      }
      await checkPlacement(repos, orgId, id, changed.dept_id, changed.superior_id);
      await repos.members.update(orgId, id, changed);
      await log(repos, orgId, operator, logMessage('operationLog.content.memberEdited', named(member)), now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'errors.members.accountTaken');
    throw error;
  }
}

/**
 * Makes the picked members administrators or ordinary members: never the operator themself, and the
 * organisation keeps at least one administrator. One transaction, one log row per member.
 */
export async function setMembersAdmin(
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  ids: number[],
  isAdmin: boolean,
  now: number,
): Promise<void> {
  refuse(isAdmin ? 'setAdmin' : 'revokeAdmin', operator, ids);
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
      await log(repos, orgId, operator, logMessage(key, named(member)), now);
    }
  });
}

/**
 * Removes the picked members (they become former members, restorable): never the operator themself, at
 * least one administrator remains, and their sessions end at once. One transaction.
 */
export async function removeMembers(
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  ids: number[],
  now: number,
): Promise<void> {
  refuse('remove', operator, ids);
  await withTransaction(db, async (repos) => {
    await repos.members.lockOrganization(orgId);
    const members = await pickedMembers(repos, orgId, ids);
    const refusal = lastAdminRefusal(await repos.members.adminIds(orgId), ids);
    if (refusal) throw new ApiError(409, refusal);
    await repos.members.remove(orgId, ids, now);
    for (const member of members) {
      await repos.sessions.revokeAllForAccount(orgId, member.id, now);
      await log(repos, orgId, operator, logMessage('operationLog.content.memberRemoved', named(member)), now);
    }
  });
}

/** Moves the picked members to a department of the organisation (null: none). One transaction. */
export async function changeMembersDepartment(
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  ids: number[],
  deptId: number | null,
  now: number,
): Promise<void> {
  if (ids.length === 0) throw new ApiError(400, 'errors.members.noneSelected');
  await withTransaction(db, async (repos) => {
    const members = await pickedMembers(repos, orgId, ids);
    await checkPlacement(repos, orgId, null, deptId, null);
    await repos.members.changeDepartment(orgId, ids, deptId);
    for (const member of members) {
      const content =
        deptId === null
          ? logMessage('operationLog.content.memberDepartmentCleared', named(member))
          : logMessage('operationLog.content.memberMoved', { ...named(member), department: deptId });
      await log(repos, orgId, operator, content, now);
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
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  ids: number[],
  now: number,
): Promise<
  Array<{
    id: number;
    account: string;
    password: string;
    recipient: { mobile: string | null; email: string | null; lang: string };
  }>
> {
  refuse('resetPassword', operator, ids);
  return db.transaction().execute(async (trx) => {
    const members = await pickedMembers(createRepositories(trx), orgId, ids);
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
export async function restoreMembers(
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  ids: number[],
  now: number,
): Promise<void> {
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
      await log(
        repos,
        orgId,
        operator,
        logMessage('operationLog.content.memberRestored', named({ ...member, id: Number(member.id) })),
        now,
      );
    }
  });
}

async function log(repos: Repositories, orgId: number, operator: Operator, content: LogMessage, now: number) {
  await repos.operationLogs.insert({
    orgId,
    operatorId: operator.id,
    operatorName: operator.name,
    module: 'member',
    content,
    now,
  });
}
