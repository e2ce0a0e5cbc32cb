import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/**
 * Ends every open session of an account, but the one `keepId` names if given: a lock or a password reset
 * ends them all, a password change all but the session that made it. Shared by the accounts repository
 * (a lock ends sessions in the same step) and the sessions repository.
 */
export async function endOpenSessions(
  db: Kysely<Database>,
  orgId: number,
  accountId: number,
  now: number,
  keepId?: number,
): Promise<void> {
  let update = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('org_id', '=', orgId)
    .where('account_id', '=', accountId);
  if (keepId !== undefined) update = update.where('id', '!=', keepId);
  await update.where('revoked_at', 'is', null).execute();
}
