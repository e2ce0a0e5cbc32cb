import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Statement } from '../db/one-commit';
import type { AccountIdentifier } from '../../domain/rules/account-identifier';
import type { AccountRow, Database, NewAccount } from '../db/tables';
import { endOpenSessions } from './open-sessions';

/**
 * An account with the names of its organisation and department, as the session info shows them, and when
 * its organisation's trial ends (null: not a trial organisation; read with trialEndFrom).
 */
export type AccountWithOrganization = AccountRow & {
  org_name: string;
  dept_name: string | null;
  org_trial_expires_at: number | string | null;
  /** The organisation's settings version (0047) as read with the account, where the lookup read it. */
  org_settings_version?: number | string;
};

/** Accounts joined with their organisation and (same-organisation) department. */
export function accountsWithOrganization(db: Kysely<Database>) {
  return db
    .selectFrom('accounts as a')
    .innerJoin('organizations as o', 'o.id', 'a.org_id')
    .leftJoin('departments as d', (join) =>
      join.onRef('d.id', '=', 'a.dept_id').onRef('d.org_id', '=', 'a.org_id'),
    )
    .selectAll('a')
    .select([
      'o.name as org_name',
      'd.name as dept_name',
      'o.trial_expires_at as org_trial_expires_at',
      'o.settings_version as org_settings_version',
    ]);
}

/** Accounts, with the organisation and department names shown beside them. */
export function createAccountsRepository(db: Kysely<Database>) {
  // Every sign-in looks its name up: compiled once per kind of name (see compiledOnce).
  const byIdentifier = (column: 'a.mobile' | 'a.email') =>
    compiledOnce(
      db,
      (value: string) =>
        accountsWithOrganization(db).where(column, '=', value).where('a.status', '!=', 'removed').limit(1),
      1,
    );
  /** Where an account's own fields change: its row, found within its organisation. */
  const updateAccount = (orgId: number, id: number) =>
    db.updateTable('accounts').where('org_id', '=', orgId).where('id', '=', id);
  // Every sign-in marks its account, inside its transaction: shared by every transaction on this engine.
  const markSignedIn = compiledOnce(
    db,
    (orgId: number, id: number, now: number) =>
      db.updateTable('accounts').set({ last_login_at: now }).where('org_id', '=', orgId).where('id', '=', id),
    3,
    'accounts.markSignedIn',
  );
  // With the language picked on the login page, which becomes the account's.
  const markSignedInChoosing = compiledOnce(
    db,
    (orgId: number, id: number, now: number, lang: string) =>
      db
        .updateTable('accounts')
        .set({ last_login_at: now, lang, lang_chosen: 1 })
        .where('org_id', '=', orgId)
        .where('id', '=', id),
    4,
    'accounts.markSignedInChoosing',
  );
  // With the browser's language, kept only by a member who never chose one (checked in the same update).
  const markSignedInNoting = compiledOnce(
    db,
    (orgId: number, id: number, now: number, lang: string) =>
      db
        .updateTable('accounts')
        .set((eb) => ({
          last_login_at: now,
          lang: eb.case().when('lang_chosen', '=', 0).then(lang).else(eb.ref('lang')).end(),
        }))
        .where('org_id', '=', orgId)
        .where('id', '=', id),
    4,
    'accounts.markSignedInNoting',
  );
  const byMobile = byIdentifier('a.mobile');
  const byEmail = byIdentifier('a.email');
  return {
    /**
     * The account a mobile number or email names, in any organisation (an account name is unique in the
     * deployment): for sign-in and the operator's commands. Removed accounts are former members and cannot
     * sign in, so they are not found.
     */
    async findByIdentifier(identifier: AccountIdentifier): Promise<AccountWithOrganization | undefined> {
      if (identifier.kind === 'other') return undefined;
      const [row] = await (identifier.kind === 'mobile' ? byMobile : byEmail)(identifier.value);
      return row;
    },

    async findWithOrganization(orgId: number, id: number): Promise<AccountWithOrganization | undefined> {
      return accountsWithOrganization(db)
        .where('a.org_id', '=', orgId)
        .where('a.id', '=', id)
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

    /** Ids of an organisation's members (former members excluded), in creation order. */
    async listMemberIds(orgId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('accounts')
        .select('id')
        .where('org_id', '=', orgId)
        .where('status', '!=', 'removed')
        .orderBy('id')
        .execute();
      return rows.map((row) => Number(row.id));
    },

    /** The basic-info view of an account: its row with organisation and department names. */
    async findBasicInfo(orgId: number, id: number) {
      return db
        .selectFrom('accounts as a')
        .innerJoin('organizations as o', 'o.id', 'a.org_id')
        .leftJoin('departments as d', (join) =>
          join.onRef('d.id', '=', 'a.dept_id').on('d.org_id', '=', orgId),
        )
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

    /** The member chose `lang`: the interface speaks it from now on, on every device. */
    async setLanguage(orgId: number, id: number, lang: string): Promise<void> {
      await updateAccount(orgId, id).set({ lang, lang_chosen: 1 }).execute();
    },

    /** The browser's language, for the messages of a member who never chose one (a chosen one stays). */
    async noteBrowserLanguage(orgId: number, id: number, lang: string): Promise<void> {
      await updateAccount(orgId, id).set({ lang }).where('lang_chosen', '=', 0).execute();
    },

    async setUiVersion(orgId: number, id: number, uiVersion: string): Promise<void> {
      await updateAccount(orgId, id).set({ ui_version: uiVersion }).execute();
    },

    async setDepartment(orgId: number, id: number, deptId: number | null): Promise<void> {
      await updateAccount(orgId, id).set({ dept_id: deptId }).execute();
    },

    /**
     * The account's last sign-in, with the language it came in when given: `chosen` (picked on the login
     * page) becomes the account's; otherwise it is the browser's, kept only while the member never chose.
     */
    async markSignedIn(
      orgId: number,
      id: number,
      now: number,
      language?: { lang: string; chosen: boolean },
    ): Promise<void> {
      if (!language) await markSignedIn(orgId, id, now);
      else if (language.chosen) await markSignedInChoosing(orgId, id, now, language.lang);
      else await markSignedInNoting(orgId, id, now, language.lang);
    },

    /** markSignedIn as one of a commit's writes (one-commit.ts). */
    markSignedInWrite(
      orgId: number,
      id: number,
      now: number,
      language?: { lang: string; chosen: boolean },
    ): Statement {
      if (!language) return markSignedIn.statement(orgId, id, now);
      if (language.chosen) return markSignedInChoosing.statement(orgId, id, now, language.lang);
      return markSignedInNoting.statement(orgId, id, now, language.lang);
    },

    /**
     * Locks an active account (too many wrong passwords) and ends every session of it in the same step: a
     * lock is where an account stops being usable, so no session may outlive it and come back when an
     * administrator unlocks. Call it inside the caller's transaction. An administrator unlocks.
     */
    async lock(orgId: number, id: number, now: number): Promise<void> {
      await updateAccount(orgId, id).set({ status: 'locked' }).where('status', '=', 'active').execute();
      await endOpenSessions(db, orgId, id, now);
    },

    /**
     * Lifts the lock of a locked account; other states are left as they are. The sessions of a lock made
     * before locking ended them (an older version) end here, so an unlock never brings an old cookie back.
     */
    async unlock(orgId: number, id: number, now: number): Promise<void> {
      const result = await updateAccount(orgId, id)
        .set({ status: 'active' })
        .where('status', '=', 'locked')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) await endOpenSessions(db, orgId, id, now);
    },

    /**
     * Gives an account a new password that must be changed at the next sign-in (SPEC §4: an initial
     * password forces a change), and lifts a lock: a reset is how a locked-out user gets back in. Former
     * members are left alone.
     */
    async setOneTimePassword(orgId: number, id: number, passwordHash: string, now: number): Promise<void> {
      await updateAccount(orgId, id)
        .set({
          password_hash: passwordHash,
          must_change_password: 1,
          password_changed_at: now,
          status: 'active',
        })
        .where('status', '!=', 'removed')
        .execute();
    },

    /**
     * Sets a password the user chose: the new hash, no forced change, and the time it was set (the start of
     * its expiry). Former members are left alone.
     */
    async setChosenPassword(orgId: number, id: number, passwordHash: string, now: number): Promise<void> {
      await updateAccount(orgId, id)
        .set({ password_hash: passwordHash, must_change_password: 0, password_changed_at: now })
        .where('status', '!=', 'removed')
        .execute();
    },

    /**
     * Replaces the stored hash of the same password (stronger parameters): the password and the time it was
     * set stay as they are. Only if the hash is still the one that was checked, so a concurrent change wins.
     */
    async replacePasswordHash(orgId: number, id: number, oldHash: string, newHash: string): Promise<void> {
      await updateAccount(orgId, id)
        .set({ password_hash: newHash })
        .where('password_hash', '=', oldHash)
        .execute();
    },
  };
}
