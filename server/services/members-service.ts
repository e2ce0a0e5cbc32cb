import { newAccountRow } from '../repositories/new-account-row';
import { type Language, LOGIN_TYPES } from '../../domain/constants';
import { passwordProblemError } from '../../domain/rules/password-policy';
import { newPasswordProblems } from './password-upkeep';
import { changedMemberColumns } from '../../domain/rules/members';
import { ApiError } from '../core/errors';
import { readRepositories, withTransaction } from '../repositories';
import { refuseOverSeats } from './authorisation-service';
import { HIGH_ENTROPY_PASSWORD_LENGTH, randomPassword } from '../security/one-time-password';
import { hashOneTimePassword, hashPassword } from '../security/password-hasher';
import type { OrgChangeContext } from './service-context';
import { logMessage } from '../../domain/rules/operation-log-content';

import {
  accountColumns,
  checkPlacement,
  isUniqueViolation,
  logMemberChange,
  named,
  pickedMembers,
} from './member-checks';
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
   * The member gets no password anyone knows (the open API: the organisation's system is never given one,
   * so the member signs in after a password reset, or through SSO). Stored as the one-time hash of a
   * discarded high-entropy password (see ONE_TIME_HASH_PREFIX): nothing can match it, and a sync of
   * thousands of members does not spend an argon2id hash (~25 ms) on each.
   */
  withoutPassword?: true;
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

/**
 * Adds a member with an initial password that must be changed at the first sign-in: typed by the
 * administrator (checked against the organisation's policy) or generated and answered once. The account
 * name is unique in the deployment, compared as normalised; products are granted within the organisation's
 * licences. One transaction with the operation-log row.
 */
export async function addMember(
  context: OrgChangeContext,
  input: NewMemberInput,
): Promise<{
  id: number;
  account: string;
  /** The generated password (null when the administrator typed one, or with `withoutPassword`). */
  password: string | null;
  recipient: { mobile: string | null; email: string | null; lang: string };
}> {
  const { db, orgId, operator, now } = context;
  const name = accountColumns(input.account);
  if (input.password !== undefined) {
    const repos = readRepositories(db);
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
  const passwordHash = input.withoutPassword
    ? hashOneTimePassword(randomPassword(HIGH_ENTROPY_PASSWORD_LENGTH))
    : await hashPassword(password);
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
      await logMemberChange(
        repos,
        orgId,
        operator,
        logMessage('operationLog.content.memberAdded', named({ id, real_name: input.realName, ...name })),
        now,
      );
      return {
        id,
        account: name.value,
        password: input.password === undefined && !input.withoutPassword ? password : null,
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
  context: OrgChangeContext,
  id: number,
  changes: MemberChanges,
): Promise<void> {
  const { db, orgId, operator, now } = context;
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
      await logMemberChange(
        repos,
        orgId,
        operator,
        logMessage('operationLog.content.memberEdited', named(member)),
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'errors.members.accountTaken');
    throw error;
  }
}
