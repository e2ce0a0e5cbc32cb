import type { Kysely } from 'kysely';
import type { AccountIdentifier } from '../../domain/rules/account-identifier';
import type { AccountRow, Database, NewAccount } from '../db/tables';

/** Accounts, with the organisation and department names shown beside them. */
export function createAccountsRepository(db: Kysely<Database>) {
  return {
    /**
     * The account a sign-in names, in any organisation (an account name is unique in the deployment).
     * Removed accounts are former members and cannot sign in, so they are not found.
     */
    async findForSignIn(identifier: AccountIdentifier): Promise<AccountRow | undefined> {
      if (identifier.kind === 'other') return undefined;
      const column = identifier.kind === 'mobile' ? 'mobile' : 'email';
      return db
        .selectFrom('accounts')
        .selectAll()
        .where(column, '=', identifier.value)
        .where('status', '!=', 'removed')
        .executeTakeFirst();
    },

    async findById(orgId: number, id: number): Promise<AccountRow | undefined> {
      return db
        .selectFrom('accounts')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The basic-info view of an account: its row with organisation and department names. */
    async findBasicInfo(orgId: number, id: number) {
      return db
        .selectFrom('accounts as a')
        .innerJoin('organizations as o', 'o.id', 'a.org_id')
        .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'a.dept_id').on('d.org_id', '=', orgId))
        .select([
          'a.id',
          'a.real_name',
          'a.photo',
          'a.mobile',
          'a.email',
          'a.is_org_admin',
          'a.created_at',
          'a.last_login_at',
          'o.name as org_name',
          'd.name as dept_name',
        ])
        .where('a.org_id', '=', orgId)
        .where('a.id', '=', id)
        .where('a.status', '!=', 'removed')
        .executeTakeFirst();
    },

    async insert(account: NewAccount): Promise<number> {
      const row = await db.insertInto('accounts').values(account).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async setLanguage(orgId: number, id: number, lang: string): Promise<void> {
      await db.updateTable('accounts').set({ lang }).where('org_id', '=', orgId).where('id', '=', id).execute();
    },

    async setUiVersion(orgId: number, id: number, uiVersion: string): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ ui_version: uiVersion })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .execute();
    },

    async markSignedIn(orgId: number, id: number, now: number): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ last_login_at: now })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .execute();
    },

    /** Locks an active account after too many failed sign-ins; an administrator unlocks it. */
    async lock(orgId: number, id: number): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ status: 'locked' })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .where('status', '=', 'active')
        .execute();
    },

    async setPassword(orgId: number, id: number, passwordHash: string, now: number, mustChange: boolean) {
      await db
        .updateTable('accounts')
        .set({ password_hash: passwordHash, password_changed_at: now, must_change_password: mustChange ? 1 : 0 })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
