import type { Kysely } from 'kysely';
import { inTransaction } from './db/transaction';
import { parseAccountIdentifier } from '../domain/rules/account-identifier';
import type { Database } from './db/tables';
import { ApiError } from './errors';
import { createRepositories } from './repositories';
import { hashPassword } from './security/password-hasher';
import { randomPassword } from './security/tokens';

export interface NewMember {
  realName: string;
  /** A mainland mobile number or an email: the account name. */
  account: string;
  password?: string;
  isOrgAdmin?: boolean;
  deptId?: number | null;
  products?: string[];
}

export interface CreatedMember {
  id: number;
  account: string;
  password: string;
}

/** Splits an account name into the mobile or email column; anything else is refused. */
function accountColumns(account: string): { mobile: string | null; email: string | null } {
  const identifier = parseAccountIdentifier(account);
  if (identifier.kind === 'mobile') return { mobile: identifier.value, email: null };
  if (identifier.kind === 'email') return { mobile: null, email: identifier.value };
  throw new ApiError(400, 'errors.validation.invalidEmail');
}

/** Resolves product codes to platform ids, refusing unknown codes. */
async function platformIds(db: Kysely<Database>, codes: string[]): Promise<number[]> {
  const rows = await createRepositories(db).platforms.findByCodes(codes);
  const unknown = codes.filter((code) => !rows.some((row) => row.code === code));
  if (unknown.length > 0) throw new Error(`Unknown product code(s): ${unknown.join(', ')}`);
  return rows.map((row) => Number(row.id));
}

/** Adds a member to an organisation, hashing its password (random when none is given). */
export async function addMember(
  db: Kysely<Database>,
  orgId: number,
  member: NewMember,
  now: number,
): Promise<CreatedMember> {
  const password = member.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const repos = createRepositories(db);
  const id = await repos.accounts.insert({
    org_id: orgId,
    dept_id: member.deptId ?? null,
    real_name: member.realName,
    ...accountColumns(member.account),
    password_hash: passwordHash,
    status: 'active',
    is_org_admin: member.isOrgAdmin ? 1 : 0,
    login_type: 0,
    lang: 'zh-CN',
    ui_version: 'NEW',
    photo: '',
    must_change_password: 0,
    password_changed_at: now,
    is_home_guided: 0,
    is_personal_center_guided: 0,
    created_at: now,
    last_login_at: null,
    removed_at: null,
  });
  if (member.products?.length) {
    await repos.platforms.grantToAccount(orgId, id, await platformIds(db, member.products), now);
  }
  return { id, account: member.account, password };
}

export interface NewOrganization {
  name: string;
  products: string[];
  admin: NewMember;
}

/** Creates an organisation, licenses its products and adds its administrator, in one transaction. */
export async function createOrganization(db: Kysely<Database>, input: NewOrganization, now: number) {
  return inTransaction(db, async (trx) => {
    const repos = createRepositories(trx);
    const orgId = await repos.organizations.insert(input.name, now);
    await repos.platforms.grantToOrganization(orgId, await platformIds(trx, input.products), now);
    const admin = await addMember(trx, orgId, { ...input.admin, isOrgAdmin: true }, now);
    await repos.operationLogs.insert({
      orgId,
      operatorId: null,
      operatorName: 'operator-cli',
      module: 'organization',
      content: `Created organisation "${input.name}" with administrator ${input.admin.account} and products ${input.products.join(', ') || '(none)'}`,
      now,
    });
    return { orgId, admin };
  });
}

/** Licenses products to an organisation, and optionally grants them to some of its accounts. */
export async function grantProducts(
  db: Kysely<Database>,
  orgId: number,
  codes: string[],
  accountIds: number[],
  now: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const repos = createRepositories(trx);
    if (!(await repos.organizations.findById(orgId))) throw new Error(`No organisation with id ${orgId}`);
    const ids = await platformIds(trx, codes);
    await repos.platforms.grantToOrganization(orgId, ids, now);
    for (const accountId of accountIds) {
      if (!(await repos.accounts.findById(orgId, accountId))) {
        throw new Error(`Account ${accountId} is not in organisation ${orgId}`);
      }
      await repos.platforms.grantToAccount(orgId, accountId, ids, now);
    }
    await repos.operationLogs.insert({
      orgId,
      operatorId: null,
      operatorName: 'operator-cli',
      module: 'authorize',
      content: `Licensed ${codes.join(', ')}${accountIds.length ? ` to accounts ${accountIds.join(', ')}` : ''}`,
      now,
    });
  });
}
