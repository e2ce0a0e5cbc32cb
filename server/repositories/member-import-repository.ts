import { newAccountRow } from './new-account-row';
import { LOGIN_TYPES } from '../../domain/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** Values per statement stay far below SQLite's and PostgreSQL's bound-parameter limits. */
const LOOKUP_CHUNK = 1000;
const INSERT_CHUNK = 400;
/** The binding platform of SSO accounts: the identity provider's user id is their host user id. */
export const SSO_PLATFORM = 'sso';

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** A member the import writes: everything but the organisation, the password and the clock. */
export interface ImportedAccount {
  realName: string;
  mobile: string | null;
  email: string | null;
  deptId: number | null;
  superiorId: number | null;
  lang: string;
  /** 0: signs in with a password (which must be changed first); 2: an SSO account, without one. */
  loginType: 0 | 2;
  /** The initial password's hash (a one-time hash, see password-hasher.ts); '' for an SSO account. */
  passwordHash: string;
}

/**
 * The member import's reads and batched writes. Reads of names look across the deployment (a mobile or
 * email names one account anywhere); everything else takes the organisation id.
 */
export function createMemberImportRepository(db: Kysely<Database>) {
  return {
    /** Which of these mobile numbers and emails an account (any organisation, any state) already has. */
    async takenNames(mobiles: readonly string[], emails: readonly string[]): Promise<Set<string>> {
      const taken = new Set<string>();
      for (const part of chunks(mobiles, LOOKUP_CHUNK)) {
        const rows = await db.selectFrom('accounts').select('mobile').where('mobile', 'in', part).execute();
        rows.forEach((row) => row.mobile !== null && taken.add(row.mobile));
      }
      for (const part of chunks(emails, LOOKUP_CHUNK)) {
        const rows = await db.selectFrom('accounts').select('email').where('email', 'in', part).execute();
        rows.forEach((row) => row.email !== null && taken.add(row.email));
      }
      return taken;
    },

    /** The organisation's members (not former ones) named by these mobiles or emails: id by name. */
    async membersByName(orgId: number, names: readonly string[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      for (const part of chunks(names, LOOKUP_CHUNK)) {
        const rows = await db
          .selectFrom('accounts')
          .select(['id', 'mobile', 'email'])
          .where('org_id', '=', orgId)
          .where('status', '!=', 'removed')
          .where((eb) => eb.or([eb('mobile', 'in', part), eb('email', 'in', part)]))
          .execute();
        for (const row of rows) {
          if (row.mobile !== null) found.set(row.mobile, Number(row.id));
          if (row.email !== null) found.set(row.email, Number(row.id));
        }
      }
      return found;
    },

    /** Every department of the organisation, flat. */
    async departments(orgId: number): Promise<Array<{ id: number; parentId: number | null; name: string }>> {
      const rows = await db
        .selectFrom('departments')
        .select(['id', 'parent_id', 'name'])
        .where('org_id', '=', orgId)
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        parentId: row.parent_id === null ? null : Number(row.parent_id),
        name: row.name,
      }));
    },

    /**
     * Inserts members of the organisation, a few hundred per statement, each with their own initial
     * password hash, which must be changed at the first sign-in. Answers each new id by its mobile or email.
     */
    async insertMembers(
      orgId: number,
      accounts: readonly ImportedAccount[],
      now: number,
    ): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const part of chunks(accounts, INSERT_CHUNK)) {
        const rows = await db
          .insertInto('accounts')
          .values(
            part.map((account) =>
              newAccountRow(
                {
                  orgId,
                  deptId: account.deptId,
                  superiorId: account.superiorId,
                  realName: account.realName,
                  mobile: account.mobile,
                  email: account.email,
                  passwordHash: account.passwordHash,
                  loginType: account.loginType,
                  lang: account.lang,
                  mustChangePassword: account.loginType === LOGIN_TYPES.normal,
                },
                now,
              ),
            ),
          )
          .returning(['id', 'mobile', 'email'])
          .execute();
        for (const row of rows) ids.set(row.email ?? row.mobile ?? '', Number(row.id));
      }
      return ids;
    },

    /** Which of these external ids the organisation's SSO accounts already have. */
    async takenExternalIds(orgId: number, externalIds: readonly string[]): Promise<Set<string>> {
      const taken = new Set<string>();
      for (const part of chunks(externalIds, LOOKUP_CHUNK)) {
        const rows = await db
          .selectFrom('host_bindings')
          .select('host_user_id')
          .where('org_id', '=', orgId)
          .where('platform', '=', SSO_PLATFORM)
          .where('host_user_id', 'in', part)
          .execute();
        rows.forEach((row) => taken.add(row.host_user_id));
      }
      return taken;
    },

    /**
     * Inserts SSO accounts one by one (an account may have neither mobile nor email to find it by) and
     * binds each to its external id; answers the new ids in the order given.
     */
    async insertSsoAccounts(
      orgId: number,
      accounts: ReadonlyArray<ImportedAccount & { externalId: string }>,
      now: number,
    ): Promise<number[]> {
      const ids: number[] = [];
      for (const account of accounts) {
        const [id] = [...(await this.insertMembers(orgId, [{ ...account, passwordHash: '' }], now)).values()];
        ids.push(id);
      }
      for (const part of chunks(
        accounts.map((account, index) => ({ account, id: ids[index] })),
        INSERT_CHUNK,
      )) {
        await db
          .insertInto('host_bindings')
          .values(
            part.map(({ account, id }) => ({
              org_id: orgId,
              platform: SSO_PLATFORM,
              host_user_id: account.externalId,
              open_id: null,
              union_id: null,
              account_id: id,
              created_at: now,
            })),
          )
          .execute();
      }
      return ids;
    },

    /** Gives each new member their products (ids the organisation is licensed for). */
    async grantProducts(
      orgId: number,
      grants: ReadonlyArray<{ accountId: number; productId: number }>,
      now: number,
    ): Promise<void> {
      for (const part of chunks(grants, INSERT_CHUNK * 2)) {
        await db
          .insertInto('account_products')
          .values(
            part.map((grant) => ({
              org_id: orgId,
              account_id: grant.accountId,
              product_id: grant.productId,
              granted_at: now,
            })),
          )
          .execute();
      }
    },

    /** Sets the direct superior of new members: one statement per superior. */
    async setSuperiors(orgId: number, bySuperior: ReadonlyMap<number, number[]>): Promise<void> {
      for (const [superiorId, memberIds] of bySuperior) {
        for (const part of chunks(memberIds, LOOKUP_CHUNK)) {
          await db
            .updateTable('accounts')
            .set({ superior_id: superiorId })
            .where('org_id', '=', orgId)
            .where('id', 'in', part)
            .execute();
        }
      }
    },
  };
}
