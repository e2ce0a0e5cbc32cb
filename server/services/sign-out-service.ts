import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { withTransaction } from '../repositories';

/** Ends a portal session (sign-out): its cookie signs nobody in any more, on any instance. */
export async function endSession(db: Kysely<Database>, sessionId: number, now: number): Promise<void> {
  await withTransaction(db, (repos) => repos.sessions.revoke(sessionId, now));
}
