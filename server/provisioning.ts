import { newAccountRow } from './repositories/new-account-row';
import { LOGIN_TYPES } from '../domain/constants';
import type { Kysely } from 'kysely';
import type { ErrorKey } from '../domain/i18n';
import { parseAccountIdentifier } from '../domain/rules/account-identifier';
import type { Database } from './db/tables';
import { ApiError } from './core/errors';
import { type Repositories, withTransaction } from './repositories';
import { randomPassword } from './security/one-time-password';
import { hashPassword } from './security/password-hasher';
import { logList, logMessage } from '../domain/rules/operation-log-content';

export interface NewMember {
  realName: string;
  /** A mainland mobile number or an email: the account name. */
  account: string;
  password?: string;
  isOrgAdmin?: boolean;
  deptId?: number | null;
  products?: string[];
  /** The password was chosen for the user (an initial password): it must be changed at the first sign-in. */
  mustChangePassword?: boolean;
}

/** A new member whose password is chosen and hashed, ready to be written inside a transaction. */
export interface PreparedMember extends NewMember {
  password: string;
  passwordHash: string;
}

export interface CreatedMember {
  id: number;
  account: string;
  password: string;
}

/** Why an account name is refused: a wrong mobile or email when it looks like one (SPEC §5), else both. */
function invalidAccountKey(account: string): ErrorKey {
  const trimmed = account.trim();
  if (trimmed.includes('@')) return 'errors.validation.invalidEmail';
  if (/^\+?[\d\s-]+$/.test(trimmed)) return 'errors.validation.invalidMobile';
  return 'errors.validation.invalidAccount';
}

/** Splits an account name into the mobile or email column; anything else is refused. */
function accountColumns(account: string): { mobile: string | null; email: string | null } {
  const identifier = parseAccountIdentifier(account);
  if (identifier.kind === 'mobile') return { mobile: identifier.value, email: null };
  if (identifier.kind === 'email') return { mobile: null, email: identifier.value };
  throw new ApiError(400, invalidAccountKey(account));
}

/** Resolves product codes to product ids, refusing unknown codes. */
async function productIds(repos: Repositories, codes: string[]): Promise<number[]> {
  const rows = await repos.products.findByCodes(codes);
  const unknown = codes.filter((code) => !rows.some((row) => row.code === code));
  if (unknown.length > 0) throw new Error(`Unknown product code(s): ${unknown.join(', ')}`);
  return rows.map((row) => Number(row.id));
}

/**
 * Chooses (when none is given) and hashes a new member's password. Hashing takes tens of milliseconds on
 * the thread pool, so it is done before a transaction opens, never while one holds the database.
 */
export async function prepareMember(member: NewMember): Promise<PreparedMember> {
  accountColumns(member.account);
  const password = member.password ?? randomPassword();
  return { ...member, password, passwordHash: await hashPassword(password) };
}

/** Writes a prepared member and grants its products, with repositories bound to the caller's transaction. */
export async function insertMember(
  repos: Repositories,
  orgId: number,
  member: PreparedMember,
  now: number,
): Promise<CreatedMember> {
  const id = await repos.accounts.insert(
    newAccountRow(
      {
        orgId,
        deptId: member.deptId ?? null,
        realName: member.realName,
        ...accountColumns(member.account),
        passwordHash: member.passwordHash,
        isOrgAdmin: member.isOrgAdmin,
        loginType: LOGIN_TYPES.normal,
        mustChangePassword: Boolean(member.mustChangePassword),
      },
      now,
    ),
  );
  if (member.products?.length) {
    await repos.products.grantToAccount(orgId, id, await productIds(repos, member.products), now);
  }
  return { id, account: member.account, password: member.password };
}

/** Adds a member to an organisation, hashing its password (random when none is given). */
export async function addMember(
  db: Kysely<Database>,
  orgId: number,
  member: NewMember,
  now: number,
): Promise<CreatedMember> {
  const prepared = await prepareMember(member);
  return withTransaction(db, (repos) => insertMember(repos, orgId, prepared, now));
}

export interface NewOrganization {
  name: string;
  products: string[];
  admin: NewMember;
}

/** Writes an organisation, its licences, its administrator and the operation-log row of the operator CLI. */
export async function insertOrganization(
  repos: Repositories,
  input: NewOrganization & { admin: PreparedMember },
  now: number,
): Promise<{ orgId: number; admin: CreatedMember }> {
  const orgId = await repos.organizations.insert(input.name, now);
  await repos.products.grantToOrganization(orgId, await productIds(repos, input.products), now);
  const admin = await insertMember(repos, orgId, { ...input.admin, isOrgAdmin: true }, now);
  await repos.operationLogs.insert({
    orgId,
    operatorId: null,
    operatorName: 'operator-cli',
    module: 'organization',
    content: logMessage('operationLog.content.organizationCreated', {
      name: input.name,
      admin: input.admin.account,
      products: logList(input.products, 'operationLog.words.none'),
    }),
    now,
  });
  return { orgId, admin };
}

/** Creates an organisation, licenses its products and adds its administrator, in one transaction. */
export async function createOrganization(db: Kysely<Database>, input: NewOrganization, now: number) {
  const admin = await prepareMember(input.admin);
  return withTransaction(db, (repos) => insertOrganization(repos, { ...input, admin }, now));
}

/** Licenses products to an organisation, and optionally grants them to some of its accounts. */
export async function grantProducts(
  db: Kysely<Database>,
  orgId: number,
  codes: string[],
  accountIds: number[],
  now: number,
): Promise<void> {
  await withTransaction(db, async (repos) => {
    if (!(await repos.organizations.findById(orgId))) throw new Error(`No organisation with id ${orgId}`);
    const ids = await productIds(repos, codes);
    await repos.products.grantToOrganization(orgId, ids, now);
    for (const accountId of accountIds) {
      if (!(await repos.accounts.findById(orgId, accountId))) {
        throw new Error(`Account ${accountId} is not in organisation ${orgId}`);
      }
      await repos.products.grantToAccount(orgId, accountId, ids, now);
    }
    await repos.operationLogs.insert({
      orgId,
      operatorId: null,
      operatorName: 'operator-cli',
      module: 'authorize',
      content: accountIds.length
        ? logMessage('operationLog.content.productsLicensedTo', {
            products: logList(codes),
            accounts: logList(accountIds),
          })
        : logMessage('operationLog.content.productsLicensed', { products: logList(codes) }),
      now,
    });
  });
}
