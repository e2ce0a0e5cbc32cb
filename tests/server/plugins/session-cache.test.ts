import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { createRepositories } from '../../../server/repositories';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

/**
 * Each instance keeps the accounts and organisation settings of the sessions it served; two instances on
 * one database (a SQLite file, a PostgreSQL database) must still answer every change made through the other,
 * or behind both of them, on the very next request.
 */
describe.each(engines())('what an instance keeps of a session, with a second instance on %s', (engine) => {
  let t: TestApp;
  let other: FastifyInstance;
  let orgId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ orgId } = await createTestOrganization(t, 'Twin Lab', {
      admin: { account: 'admin@twin.test' },
      members: [
        { realName: 'Left', account: 'left@twin.test' },
        { realName: 'Right', account: 'right@twin.test' },
        { realName: 'Renamed', account: 'renamed@twin.test' },
      ],
    }));
    other = await buildApp(t.config, t.database, { now: t.clock.now, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const current = (app: FastifyInstance, cookie: string) =>
    app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });

  it('refuses on the second instance a session signed out through the first, at the next request', async () => {
    const { cookie } = await signIn(t, 'left@twin.test');
    // Both instances have served the session, so both keep what they read of it.
    expect((await current(other, cookie)).statusCode).toBe(200);
    expect((await current(t.app, cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { ...t.signed(), cookie },
    });
    expect(out.statusCode).toBe(200);
    const refused = await current(other, cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.key).toBe('errors.auth.required');
  });

  it('refuses on both instances the session of an account locked behind their backs', async () => {
    const { cookie } = await signIn(t, 'right@twin.test');
    expect((await current(t.app, cookie)).statusCode).toBe(200);
    expect((await current(other, cookie)).statusCode).toBe(200);
    // As an operator's SQL would: no instance is told, the database is all they share.
    await t.database.db
      .updateTable('accounts')
      .set({ status: 'locked' })
      .where('email', '=', 'right@twin.test')
      .execute();
    expect((await current(t.app, cookie)).statusCode).toBe(401);
    expect((await current(other, cookie)).statusCode).toBe(401);
  });

  it("shows a changed name and the organisation's changed settings on the next request", async () => {
    const { cookie } = await signIn(t, 'renamed@twin.test');
    const before = (await current(other, cookie)).json().data;
    expect(before.AccountInfo.RealName).toBe('Renamed');
    expect(before.OrgSettings.lockIdleMinutes).not.toBe(7);
    await t.database.db
      .updateTable('accounts')
      .set({ real_name: 'Renamed Again' })
      .where('email', '=', 'renamed@twin.test')
      .execute();
    await createRepositories(t.database.db).orgConfig.save(orgId, 'lockIdleMinutes', 7, t.clock.now());
    const after = (await current(other, cookie)).json().data;
    expect(after.AccountInfo.RealName).toBe('Renamed Again');
    expect(after.OrgSettings.lockIdleMinutes).toBe(7);
    await t.database.db
      .updateTable('organizations')
      .set({ name: 'Twin Lab Renamed' })
      .where('id', '=', orgId)
      .execute();
    expect((await current(other, cookie)).json().data.OrgName).toBe('Twin Lab Renamed');
  });
});
