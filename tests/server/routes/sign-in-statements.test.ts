import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/tables';
import { countingDatabase } from '../../helpers/counting-dialect';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, TEST_PASSWORD, type TestApp } from '../../helpers/test-app';

/** The statements of the sign-in itself: background workers' polling on the same handle left out. */
const ofSignIn = (seen: string[]) => seen.filter((statement) => !/message_outbox|open_calls/.test(statement));

/**
 * A password sign-in reads what it needs of the account, its organisation and the organisation's sign-in
 * settings in one query, and writes its request's nonce, session, login-log row, device and terms
 * agreement in one transaction: one commit (issue 22); an unknown name costs the same statements as a
 * wrong password.
 */
describe.each(engines())('the statements of one sign-in on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let db: Kysely<Database>;
  const seen: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Count Lab', {
      admin: { account: 'admin@count.test' },
      members: [{ realName: 'Member', account: 'member@count.test' }],
    });
    db = countingDatabase(t, seen);
    app = await buildApp(t.config, { ...t.database, db }, { now: t.clock.now, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    await t.close();
  });

  const signIn = async (account: string, password: string) => {
    seen.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      headers: t.signed(),
      payload: { account, password, agreed: true },
    });
    return { status: response.statusCode, statements: ofSignIn(seen) };
  };

  it('reads the settings with the account and writes everything in one transaction', async () => {
    const { status, statements } = await signIn('member@count.test', TEST_PASSWORD);
    expect(status).toBe(200);
    const settingsReads = statements.filter((s) =>
      /password_policies|org_sign_in_settings|org_sso_settings|org_ip_whitelists/.test(s),
    );
    expect(settingsReads).toHaveLength(1);
    expect(settingsReads[0]).toMatch(/from "accounts"/);
    expect(statements.filter((s) => s === 'begin')).toHaveLength(1);
    expect(statements.filter((s) => s === 'commit')).toHaveLength(1);
    const begin = statements.indexOf('begin');
    const inTransaction = statements.slice(begin, statements.indexOf('commit'));
    // The nonce first: a replay undoes the transaction before anything else is written.
    expect(inTransaction[1]).toMatch(/^insert into "request_nonces"/);
    for (const table of ['sessions', 'login_logs', 'sign_in_sources', 'terms_agreements']) {
      expect(inTransaction.some((s) => s.startsWith(`insert into "${table}"`))).toBe(true);
    }
    expect(inTransaction.filter((s) => s.startsWith('update "accounts"'))).toHaveLength(1);
    // Nothing is written outside it.
    const outside = [...statements.slice(0, begin), ...statements.slice(statements.indexOf('commit') + 1)];
    expect(outside.filter((s) => /^(insert|update|delete)\b/i.test(s))).toEqual([]);
  });

  it('writes no terms agreement again for a returning account under the same terms', async () => {
    const { status, statements } = await signIn('member@count.test', TEST_PASSWORD);
    expect(status).toBe(200);
    const inTransaction = statements.slice(statements.indexOf('begin'), statements.indexOf('commit'));
    expect(inTransaction.some((s) => s.startsWith('insert into "sessions"'))).toBe(true);
    expect(statements.filter((s) => s.includes('terms_agreements') && /^(insert|update)\b/.test(s))).toEqual(
      [],
    );
  });

  it('costs an unknown name the same statements as a wrong password', async () => {
    const wrong = await signIn('member@count.test', 'not-the-password');
    const unknown = await signIn('nobody@count.test', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.statements).toEqual(wrong.statements);
  });
});
