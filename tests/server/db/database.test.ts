import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const postgres = engines().includes('postgres') ? describe : describe.skip;

postgres('openDatabase on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('outlives an idle connection the server ends, and answers the next query on a new one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Two queries at once leave two idle connections in the pool.
    await Promise.all([
      sql`select pg_sleep(0.05)`.execute(database.db),
      sql`select pg_sleep(0.05)`.execute(database.db),
    ]);
    const ended = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(database.db);
    expect(ended.rows.some((row) => row.ended)).toBe(true);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringMatching(/idle connection/)));
    const answer = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(answer.rows[0].one).toBe(1);
    warn.mockRestore();
  });
});
