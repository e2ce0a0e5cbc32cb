import type { Kysely } from 'kysely';
import type { ContactKind } from '../../domain/rules/personal';
import type { Database } from '../db/tables';

/** A member's own personal info and photo; every call names the organisation and the account. */
export function createPersonalRepository(db: Kysely<Database>) {
  return {
    /** The personal-info columns of an active or locked account (not a former member). */
    async find(orgId: number, accountId: number) {
      return db
        .selectFrom('accounts')
        .select(['id', 'real_name', 'photo', 'mobile', 'email', 'is_org_admin', 'industry_area'])
        .where('org_id', '=', orgId)
        .where('id', '=', accountId)
        .where('status', '!=', 'removed')
        .executeTakeFirst();
    },

    async updateProfile(
      orgId: number,
      accountId: number,
      changes: { realName: string; industryArea: string },
    ): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ real_name: changes.realName, industry_area: changes.industryArea })
        .where('org_id', '=', orgId)
        .where('id', '=', accountId)
        .execute();
    },

    /** Whether any account but `accountId`, former members included, holds this address (it is unique). */
    async addressTaken(kind: ContactKind, value: string, accountId: number): Promise<boolean> {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where(kind === 'mobile' ? 'mobile' : 'email', '=', value)
        .where('id', '!=', accountId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async setAddress(orgId: number, accountId: number, kind: ContactKind, value: string): Promise<void> {
      await db
        .updateTable('accounts')
        .set(kind === 'mobile' ? { mobile: value } : { email: value })
        .where('org_id', '=', orgId)
        .where('id', '=', accountId)
        .execute();
    },

    /** Stores the account's photo bytes (replacing the last) and points the account at its URL. */
    async savePhoto(
      orgId: number,
      accountId: number,
      photo: { contentType: string; data: Buffer; url: string },
      now: number,
    ): Promise<void> {
      const values = { content_type: photo.contentType, data: photo.data, updated_at: now };
      await db
        .insertInto('account_photos')
        .values({ account_id: accountId, org_id: orgId, ...values })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
        .execute();
      await db
        .updateTable('accounts')
        .set({ photo: photo.url })
        .where('org_id', '=', orgId)
        .where('id', '=', accountId)
        .execute();
    },

    async findPhoto(
      orgId: number,
      accountId: number,
    ): Promise<{ contentType: string; data: Buffer } | undefined> {
      const row = await db
        .selectFrom('account_photos')
        .select(['content_type', 'data'])
        .where('org_id', '=', orgId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : undefined;
    },

    /** Marks a guided tour done for the account. */
    async setGuided(orgId: number, accountId: number, type: 'PersonalCenter' | 'Home'): Promise<void> {
      await db
        .updateTable('accounts')
        .set(type === 'Home' ? { is_home_guided: 1 } : { is_personal_center_guided: 1 })
        .where('org_id', '=', orgId)
        .where('id', '=', accountId)
        .execute();
    },
  };
}
