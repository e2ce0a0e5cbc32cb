import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * On SQLite, the signed requests' nonces are kept in their primary key's own b-tree (WITHOUT ROWID)
 * instead of a rowid table beside a unique index on the nonce: every signed change (each sign-in among
 * them) inserts one, and wrote a page of each of the two b-trees; now one. The table holds only the
 * nonces of the last few minutes, so it is copied over in a moment. PostgreSQL keeps its table as it is:
 * its rows are never stored by a rowid key, so there is no second tree to save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, 'without rowid');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, '');
}

async function rebuild(db: Kysely<unknown>, options: 'without rowid' | ''): Promise<void> {
  await sql`create table request_nonces_new (nonce varchar(64) primary key not null, expires_at bigint not null) ${sql.raw(options)}`.execute(
    db,
  );
  await sql`insert into request_nonces_new (nonce, expires_at) select nonce, expires_at from request_nonces`.execute(
    db,
  );
  await sql`drop table request_nonces`.execute(db);
  await sql`alter table request_nonces_new rename to request_nonces`.execute(db);
  await sql`create index request_nonces_expiry on request_nonces (expires_at)`.execute(db);
}
