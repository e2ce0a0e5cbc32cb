import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, type Repositories } from '../../../server/repositories';
import type { NewSession } from '../../../server/repositories/sessions-repository';
import { addMember } from '../../../server/provisioning';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const t0 = 1_800_000_000_000;

describe.each(engines())('sessions repository on %s', (engine) => {
  let database: TestDatabase;
  let repos: Repositories;
  let orgId: number;
  let aliceId: number;
  let bobId: number;
  const session = (tokenHash: string, accountId: number, now = t0): NewSession => ({
    tokenHash,
    accountId,
    orgId,
    autoLogin: false,
    now,
    ip: '127.0.0.1',
    userAgent: 'x'.repeat(600),
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repos = createRepositories(database.db);
    orgId = await repos.organizations.insert('Acme Lab', t0);
    aliceId = (await addMember(database.db, orgId, { realName: 'Alice', account: 'alice@acme.test' }, t0)).id;
    bobId = (await addMember(database.db, orgId, { realName: 'Bob', account: 'bob@acme.test' }, t0)).id;
  });
  afterAll(() => database.drop());

  it('finds a session by its token hash with the account and organisation it belongs to', async () => {
    await repos.sessions.insert({ ...session('a'.repeat(64), aliceId), autoLogin: true });
    expect(await repos.sessions.findByTokenHash('a'.repeat(64))).toMatchObject({
      account_id: aliceId,
      org_id: orgId,
      auto_login: 1,
      created_at: t0,
      last_seen_at: t0,
      revoked_at: null,
      account_status: 'active',
      real_name: 'Alice',
      org_name: 'Acme Lab',
    });
    expect(await repos.sessions.findByTokenHash('f'.repeat(64))).toBeUndefined();
  });

  it('finds a session with its whole account and the names of its organisation and department', async () => {
    const deptId = await repos.organizations.insertDepartment(orgId, 'Chemistry', '', t0);
    await repos.accounts.setDepartment(orgId, bobId, deptId);
    await repos.sessions.insert({ ...session('7'.repeat(64), bobId, t0 + 5), autoLogin: true });
    const found = await repos.sessions.findWithAccount('7'.repeat(64));
    expect(found?.session).toMatchObject({
      autoLogin: true,
      createdAt: t0 + 5,
      lastSeenAt: t0 + 5,
      revokedAt: null,
    });
    expect(found?.session.id).toBeGreaterThan(0);
    expect(found?.account).toMatchObject({
      id: bobId,
      org_id: orgId,
      real_name: 'Bob',
      email: 'bob@acme.test',
      status: 'active',
      dept_id: deptId,
      org_name: 'Acme Lab',
      dept_name: 'Chemistry',
    });
    expect(await repos.sessions.findWithAccount('9'.repeat(64))).toBeUndefined();
  });

  it('answers the session lookup at once on SQLite when it needs no waiting, and says when it does', async () => {
    await repos.sessions.insert(session('6'.repeat(64), aliceId, t0 + 7));
    if (engine === 'postgres') {
      // A query to another server always waits.
      expect(repos.sessions.findWithAccountNow('6'.repeat(64))).toBeUndefined();
      return;
    }
    // The account's row is read (and kept) by the lookup that waits; from then on it answers at once.
    await repos.accounts.setDepartment(orgId, aliceId, null);
    expect(repos.sessions.findWithAccountNow('6'.repeat(64))).toBeUndefined();
    const waited = await repos.sessions.findWithAccount('6'.repeat(64));
    const now = repos.sessions.findWithAccountNow('6'.repeat(64));
    expect(now).toEqual(waited);
    expect(now?.session.createdAt).toBe(t0 + 7);
    expect(now?.account).toMatchObject({ id: aliceId, real_name: 'Alice', org_name: 'Acme Lab' });
    expect(repos.sessions.findWithAccountNow('e'.repeat(64))).toBeNull();
    // While a transaction holds the connection it has to wait: it must not read what is not committed.
    await database.db.transaction().execute(async () => {
      expect(repos.sessions.findWithAccountNow('6'.repeat(64))).toBeUndefined();
    });
  });

  it('keeps at most 500 characters of the user agent', async () => {
    await repos.sessions.insert(session('b'.repeat(64), aliceId));
    const row = await database.db
      .selectFrom('sessions')
      .select('user_agent')
      .where('token_hash', '=', 'b'.repeat(64))
      .executeTakeFirstOrThrow();
    expect(row.user_agent).toHaveLength(500);
  });

  it('moves the idle clock on touch', async () => {
    const found = await repos.sessions.findByTokenHash('a'.repeat(64));
    await repos.sessions.touch(Number(found!.id), t0 + 60_000);
    expect((await repos.sessions.findByTokenHash('a'.repeat(64)))?.last_seen_at).toBe(t0 + 60_000);
  });

  it('revokes one session once, keeping the first revocation time', async () => {
    const id = await repos.sessions.insert(session('c'.repeat(64), aliceId));
    await repos.sessions.revoke(id, t0 + 1);
    await repos.sessions.revoke(id, t0 + 2);
    expect((await repos.sessions.findByTokenHash('c'.repeat(64)))?.revoked_at).toBe(t0 + 1);
  });

  it("revokes every open session of one account and no one else's", async () => {
    await repos.sessions.insert(session('d'.repeat(64), bobId));
    await repos.sessions.revokeAllForAccount(orgId, aliceId, t0 + 10);
    for (const hash of ['a', 'b'].map((c) => c.repeat(64))) {
      expect((await repos.sessions.findByTokenHash(hash))?.revoked_at).toBe(t0 + 10);
    }
    expect((await repos.sessions.findByTokenHash('c'.repeat(64)))?.revoked_at).toBe(t0 + 1);
    expect((await repos.sessions.findByTokenHash('d'.repeat(64)))?.revoked_at).toBeNull();
  });

  it('purges sessions created before a time, whatever their state', async () => {
    await repos.sessions.insert(session('e'.repeat(64), bobId, t0 + 100));
    await repos.sessions.purgeOlderThan(t0 + 50);
    const left = await database.db.selectFrom('sessions').select('token_hash').execute();
    expect(left.map((row) => row.token_hash)).toEqual(['e'.repeat(64)]);
  });
});
