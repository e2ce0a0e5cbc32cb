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

const CAPTCHA = 'ACDE';

describe.each(engines())('members on %s', (engine) => {
  let t: TestApp;
  let adminCookie: string;
  let memberCookie: string;
  let lockedId: number;
  let rivalId: number;
  let acmeOrgId: number;

  let lockOuts = 0;
  /**
   * Locks an account the way a user does: five wrong passwords, answering the image captcha the last ones
   * need, from an address of its own (one address may lock only two accounts).
   */
  async function lockOut(account: string) {
    const ip = `192.0.2.${(lockOuts += 1)}`;
    for (let i = 0; i < 5; i += 1) await signIn(t, account, `wrong-${i}`, await captcha(ip), { ip });
  }
  /** A fresh captcha with its answer (every attempt at a locked or failing name needs one). */
  const captcha = (ip = '127.0.0.1') => answeredCaptcha(t, CAPTCHA, ip);

  const unlock = (id: number, cookie: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/account/resetPwdLock/${id}`,
      headers: { ...t.signed(), cookie },
    });

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { captchaText: () => CAPTCHA });
    const acme = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test', realName: 'Ada Admin' },
      members: [
        { realName: 'Chemist', account: '13900000001' },
        { realName: 'Forgetful', account: 'forgetful@acme.test' },
      ],
    });
    const rival = await createTestOrganization(t, 'Rival Lab', {
      admin: { account: 'admin@rival.test' },
      members: [{ realName: 'Rival Member', account: 'member@rival.test' }],
    });
    lockedId = acme.members[1].id;
    acmeOrgId = acme.orgId;
    rivalId = rival.members[0].id;
    adminCookie = (await signIn(t, 'admin@acme.test')).cookie;
    memberCookie = (await signIn(t, '13900000001')).cookie;
  });
  afterAll(() => t.close());

  describe('PUT /api/account/resetPwdLock/:id', () => {
    it('lets an administrator unlock a member, who can then sign in again', async () => {
      await lockOut('forgetful@acme.test');
      expect(
        (await signIn(t, 'forgetful@acme.test', TEST_PASSWORD, await captcha())).response.statusCode,
      ).toBe(403);

      const response = await unlock(lockedId, adminCookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 100, message: '', data: null });

      const again = await signIn(t, 'forgetful@acme.test', TEST_PASSWORD);
      expect(again.response.statusCode).toBe(200);
    });

    it('forgets the failed sign-ins, so the next wrong password is not the last', async () => {
      await lockOut('forgetful@acme.test');
      await unlock(lockedId, adminCookie);
      const { response } = await signIn(t, 'forgetful@acme.test', 'wrong-again');
      expect(response.json().error).toEqual({ key: 'errors.login.wrongCredentials' });
    });

    it('writes an operation-log row naming the administrator', async () => {
      await unlock(lockedId, adminCookie);
      const rows = await t.database.db
        .selectFrom('operation_logs')
        .selectAll()
        .where('module', '=', 'member')
        .orderBy('id', 'desc')
        .execute();
      expect(rows[0]).toMatchObject({
        operator_name: 'Ada Admin',
        content: 'Unlocked account forgetful@acme.test',
      });
      expect(rows[0].operator_id).not.toBeNull();
      expect(rows[0].org_id).toBe(acmeOrgId);
    });

    it('refuses an ordinary member with 403', async () => {
      const response = await unlock(lockedId, memberCookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.key).toBe('errors.auth.noPermission');
    });

    it("answers 404 for another organisation's account and leaves it locked", async () => {
      await lockOut('member@rival.test');
      const response = await unlock(rivalId, adminCookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.key).toBe('errors.request.notFound');
      const right = await signIn(t, 'member@rival.test', TEST_PASSWORD, await captcha());
      expect(right.response.json().error.key).toBe('errors.login.locked');
    });

    it('answers 401 when signed out', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/account/resetPwdLock/${lockedId}`,
        headers: t.signed(),
      });
      expect(response.statusCode).toBe(401);
    });
  });
});
