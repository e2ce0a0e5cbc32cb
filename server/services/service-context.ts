import type { Kysely } from 'kysely';
import type { Operator } from '../core/operator';
import type { Database } from '../db/tables';

/**
 * What a service runs with, whichever front door calls it (a route or an operator command): the database
 * handle (the root one, or a caller's transaction it then joins) and the time of the request. A service
 * reaches repositories through withTransaction(context.db, ...) for writes, or readRepositories for reads.
 */
export interface ServiceContext {
  db: Kysely<Database>;
  now: number;
}

/** An organisation's change: who makes it (an administrator, or the operator CLI) and in which organisation. */
export interface OrgChangeContext extends ServiceContext {
  orgId: number;
  operator: Operator;
}

/** A notice's author: an organisation's administrator, or (orgId null) the operator posting to every organisation. */
export interface NoticeAuthorContext extends ServiceContext {
  orgId: number | null;
  operator: Operator;
}
