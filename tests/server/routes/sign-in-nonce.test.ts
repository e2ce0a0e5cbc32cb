import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccountIdentifier } from '../../../domain/rules/account-identifier';
import { ApiError } from '../../../server/core/errors';
import { createRepositories } from '../../../server/repositories';
import { startSession } from '../../../server/services/session-start';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, TEST_PASSWORD, type TestApp } from '../../helpers/test-app';

/**
 * A sign-in writes its request's nonce in the commit of its session (issue 22), and the replay rule stays:
 * a copy of a sign-in is refused whether the first one was let in or refused, a copy sent at the same time
 * starts no second session, and a nonce taken by another instance before the session commits undoes it.
 */
describe.each(engines())('the nonce of a sign-in on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Nonce Lab', { admin: { account: 'admin@nonce.test' } });
  });
  afterAll(() => t.close());

  const count = async (table: 'sessions' | 'login_logs' | 'request_nonces') => {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      t.database.db,
    );
    return Number(rows[0].n);
  };
  const post = (headers: Record<string, string>, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      headers,
      payload: { account: 'admin@nonce.test', password, agreed: true },
    });

  it('records the nonce of a refused sign-in, so its copy is refused and counts no failure', async () => {
    const headers = t.signed();
    const nonces = await count('request_nonces');
    expect((await post(headers, 'not-the-password')).statusCode).toBe(401);
    expect(await count('request_nonces')).toBe(nonces + 1);
    const logs = await count('login_logs');
    const replay = await post(headers, 'not-the-password');
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.key).toBe('errors.request.replayed');
    expect(await count('login_logs')).toBe(logs);
  });

  it('starts one session for two copies of a sign-in sent at the same time', async () => {
    const headers = t.signed();
    const sessions = await count('sessions');
    const answers = await Promise.all([post(headers, TEST_PASSWORD), post(headers, TEST_PASSWORD)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await count('sessions')).toBe(sessions + 1);
  });

  it('writes nothing of a session whose nonce another instance took before it committed', async () => {
    const repos = createRepositories(t.database.db);
    const found = await repos.signInLookup.findAccount(parseAccountIdentifier('admin@nonce.test'));
    const nonce = {
      nonce: 'taken-by-another-instance-01',
      expiresAt: t.clock.now() + 60_000,
      recorded: false,
    };
    expect(await repos.nonces.remember(nonce.nonce, nonce.expiresAt)).toBe(true);
    const sessions = await count('sessions');
    const logs = await count('login_logs');
    const started = startSession(
      t.database.db,
      {
        account: found!.account,
        loginName: 'admin@nonce.test',
        ip: '127.0.0.1',
        userAgent: 'test',
        autoLogin: false,
        passwordChangeReason: null,
        accessJustChecked: true,
        nonce,
      },
      t.clock.now(),
    );
    await expect(started).rejects.toThrow(ApiError);
    await expect(started).rejects.toMatchObject({ statusCode: 409, key: 'errors.request.replayed' });
    expect(nonce.recorded).toBe(false);
    expect(await count('sessions')).toBe(sessions);
    expect(await count('login_logs')).toBe(logs);
  });
});
