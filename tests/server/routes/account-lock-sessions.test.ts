import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import {
  answeredCaptcha,
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

const CAPTCHA = 'KMNP';

describe.each(engines())('a lock ends the sessions for good on %s', (engine) => {
  let t: TestApp;
  let adminCookie: string;
  let lockedOutId: number;
  let oldLockId: number;
  let lockOuts = 0;

  const current = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
  const unlock = (id: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/account/resetPwdLock/${id}`,
      headers: { ...t.signed(), cookie: adminCookie },
    });
  /** Five wrong passwords from an address of its own, with the captcha the later ones need. */
  async function lockOut(account: string) {
    const ip = `198.51.100.${(lockOuts += 1)}`;
    let last;
    for (let i = 0; i < 5; i += 1) {
      last = await signIn(t, account, `wrong-${i}`, await answeredCaptcha(t, CAPTCHA, ip), { ip });
    }
    return last!.response;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { captchaText: () => CAPTCHA });
    const acme = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [
        { realName: 'Careless', account: 'careless@acme.test' },
        { realName: 'Old Lock', account: 'old-lock@acme.test' },
      ],
    });
    lockedOutId = acme.members[0].id;
    oldLockId = acme.members[1].id;
    adminCookie = (await signIn(t, 'admin@acme.test')).cookie;
  });
  afterAll(() => t.close());

  it('keeps the cookie of a member locked by wrong passwords dead after an administrator unlocks', async () => {
    const { cookie } = await signIn(t, 'careless@acme.test');
    expect((await current(cookie)).statusCode).toBe(200);

    expect((await lockOut('careless@acme.test')).json().error.key).toBe('errors.login.locked');
    expect((await current(cookie)).statusCode).toBe(401);
    const open = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', lockedOutId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toEqual([]);

    expect((await unlock(lockedOutId)).statusCode).toBe(200);
    const stale = await current(cookie);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.key).toBe('errors.auth.required');

    // The member signs in afresh; only that new session works.
    const again = await signIn(t, 'careless@acme.test');
    expect(again.response.statusCode).toBe(200);
    expect((await current(again.cookie)).statusCode).toBe(200);
    expect((await current(cookie)).statusCode).toBe(401);
  });

  it('ends on unlock the sessions an account kept through a lock made before locks ended them', async () => {
    const { cookie } = await signIn(t, 'old-lock@acme.test');
    // A lock as an earlier version stored it: the status alone, the session left open.
    await t.database.db
      .updateTable('accounts')
      .set({ status: 'locked' })
      .where('id', '=', oldLockId)
      .execute();
    expect((await current(cookie)).statusCode).toBe(401);

    expect((await unlock(oldLockId)).statusCode).toBe(200);
    expect((await current(cookie)).statusCode).toBe(401);
    expect((await signIn(t, 'old-lock@acme.test', TEST_PASSWORD)).response.statusCode).toBe(200);
  });
});
