import type { Kysely } from 'kysely';
import type { Database, TrialApplicationsTable } from '../db/tables';

/** A trial application as typed, ready to store. */
export type NewTrialApplication = Pick<
  TrialApplicationsTable,
  'name' | 'mobile' | 'email' | 'company' | 'industry' | 'product' | 'message' | 'language'
>;

/**
 * Trial applications (0018-trial). They belong to no organisation until approved, so these calls take no
 * orgId; only the public form (insert) and the operator's CLI (list, approve) use them.
 */
export function createTrialApplicationsRepository(db: Kysely<Database>) {
  return {
    /** Stores a new pending application; returns its id. */
    async insert(application: NewTrialApplication, now: number): Promise<number> {
      const row = await db
        .insertInto('trial_applications')
        .values({ ...application, status: 'pending', org_id: null, created_at: now, decided_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Applications newest first, optionally of one status, at most `limit`. */
    async list(status: 'pending' | 'approved' | null, limit: number) {
      let query = db.selectFrom('trial_applications').selectAll();
      if (status) query = query.where('status', '=', status);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async findById(id: number) {
      return db.selectFrom('trial_applications').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Marks a pending application approved with its new organisation; false when it was not pending. */
    async approve(id: number, orgId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('trial_applications')
        .set({ status: 'approved', org_id: orgId, decided_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
