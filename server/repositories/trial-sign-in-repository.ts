import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/tables';

/** When a trial ends, from the stored column (PostgreSQL answers a bigint as text); null: no trial. */
export const trialEndFrom = (stored: number | string | null | undefined): number | null =>
  stored == null ? null : Number(stored);

/** The trial period of organisations made from trial applications (organizations.trial_expires_at). */
export function createTrialSignInRepository(db: Kysely<Database>) {
  // Every sign-in asks: compiled once for every handle on this engine (see compiledOnce).
  const trialEndOf = compiledOnce(
    db,
    (orgId: number) => db.selectFrom('organizations').select('trial_expires_at').where('id', '=', orgId),
    1,
    'trialSignIn.trialEnd',
  );
  return {
    /** When the organisation's trial ends, or null when it is not a trial organisation (or unknown). */
    async trialEnd(orgId: number): Promise<number | null> {
      const [row] = await trialEndOf(orgId);
      return trialEndFrom(row?.trial_expires_at);
    },

    /** Sets when the organisation's trial ends (approval, or customer service extending it). */
    async setTrialEnd(orgId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('organizations')
        .set({ trial_expires_at: at })
        .where('id', '=', orgId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type TrialSignInRepository = ReturnType<typeof createTrialSignInRepository>;
