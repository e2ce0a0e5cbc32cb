import { createRepositories } from '../../../server/repositories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeMembers, setMembersAdmin } from '../../../server/services/member-batch-service';
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
  let adminId: number;
  let chemistId: number;
  let leaverId: number;
  let acmeDeptId: number;
  let rivalDeptId: number;

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
      products: ['ELN', 'CIMS'],
      admin: { account: 'admin@acme.test', realName: 'Ada Admin', products: ['ELN', 'CIMS'] },
      members: [
        { realName: 'Chemist', account: '13900000001', products: ['ELN'] },
        { realName: 'Forgetful', account: 'forgetful@acme.test' },
        { realName: 'Leaver', account: 'leaver@acme.test' },
        { realName: 'Locky', account: 'locky@acme.test' },
      ],
    });
    const rival = await createTestOrganization(t, 'Rival Lab', {
      admin: { account: 'admin@rival.test' },
      members: [{ realName: 'Rival Member', account: 'member@rival.test' }],
    });
    lockedId = acme.members[1].id;
    acmeOrgId = acme.orgId;
    adminId = acme.admin.id;
    chemistId = acme.members[0].id;
    leaverId = acme.members[2].id;
    const department = (orgId: number, name: string) =>
      t.database.db
        .insertInto('departments')
        .values({
          org_id: orgId,
          parent_id: null,
          name,
          manager_account_id: null,
          description: '',
          created_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.id));
    acmeDeptId = await department(acme.orgId, 'Synthesis');
    rivalDeptId = await department(rival.orgId, 'Rival Dept');
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

  /** A signed admin request to the members API. */
  const call = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie = adminCookie) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie }, payload: payload as object });
  const page = (body: Record<string, unknown> = {}, cookie = adminCookie) =>
    call('POST', '/api/account/managePage', body, cookie);
  const accountRow = (id: number) =>
    t.database.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const memberLogs = () =>
    t.database.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'member')
      .where('org_id', '=', acmeOrgId)
      .orderBy('id', 'desc')
      .execute();

  describe('POST /api/account/managePage', () => {
    it("lists the administrator's own organisation only, with products and roles", async () => {
      const response = await page({ pageSize: 100 });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      const names = data.rows.map((row: { RealName: string }) => row.RealName);
      expect(names).toContain('Ada Admin');
      expect(names).not.toContain('Rival Member');
      expect(data.OrgProducts).toEqual(['ELN', 'CIMS']);
      const admin = data.rows.find((row: { RealName: string }) => row.RealName === 'Ada Admin');
      expect(admin).toMatchObject({ IsOrganAdmin: 1, Locked: false, Products: ['ELN', 'CIMS'] });
    });

    it('searches a name, or a mobile typed with spaces and full-width digits', async () => {
      const byName = await page({ keyword: 'chem' });
      expect(byName.json().data.rows.map((r: { RealName: string }) => r.RealName)).toEqual(['Chemist']);
      const byMobile = await page({ keyword: '１３９ ０００' });
      expect(byMobile.json().data.rows.map((r: { RealName: string }) => r.RealName)).toContain('Chemist');
      expect(byMobile.json().data.total).toBeGreaterThanOrEqual(1);
    });

    it('filters by role, lock state and product, and pages', async () => {
      const admins = (await page({ isAdmin: true })).json().data.rows;
      expect(admins.every((row: { IsOrganAdmin: number }) => row.IsOrganAdmin === 1)).toBe(true);
      const withCims = (await page({ product: 'CIMS' })).json().data.rows;
      expect(withCims.map((r: { RealName: string }) => r.RealName)).toEqual(['Ada Admin']);
      const second = (await page({ pageIndex: 2, pageSize: 1 })).json().data;
      expect(second.rows).toHaveLength(1);
      expect(second.total).toBeGreaterThan(1);
    });

    it('pages through the list and a search in order, the later pages too, each row with its own products', async () => {
      for (const [i, name] of ['王芳', '王伟', '王丽'].entries()) {
        const added = await call('POST', '/api/account', { Account: `1370000000${i}`, RealName: name });
        expect(added.statusCode).toBe(200);
      }
      const walk = async (filter: Record<string, unknown>, pageSize: number) => {
        const first = (await page({ ...filter, pageSize })).json().data;
        const rows = [...first.rows];
        for (let pageIndex = 2; pageIndex <= Math.ceil(first.total / pageSize); pageIndex += 1) {
          const next = (await page({ ...filter, pageIndex, pageSize })).json().data;
          expect(next.total).toBe(first.total);
          rows.push(...next.rows);
        }
        expect(rows).toHaveLength(first.total);
        return rows;
      };
      const everyone = (await page({ pageSize: 100 })).json().data.rows;
      expect(await walk({}, 1)).toEqual(everyone);
      expect(await walk({}, 2)).toEqual(everyone);
      const names = (rows: Array<{ RealName: string }>) => rows.map((row) => row.RealName);
      // A search (anywhere in the name or the mobile number) comes in joining order, as the whole list.
      expect(names(await walk({ keyword: '王' }, 1))).toEqual(['王芳', '王伟', '王丽']);
      expect(names(await walk({ keyword: '137' }, 2))).toEqual(['王芳', '王伟', '王丽']);
      const beyond = (await page({ keyword: '王', pageIndex: 9, pageSize: 1 })).json().data;
      expect(beyond).toMatchObject({ total: 3, rows: [] });
      expect(everyone.find((row: { RealName: string }) => row.RealName === 'Chemist').Products).toEqual([
        'ELN',
      ]);
    });

    it('answers the same page as a GET with the filters in the query string, writing no nonce', async () => {
      const nonces = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('request_nonces')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await nonces();
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/account/managePage?pageIndex=1&pageSize=5&isAdmin=true&keyword=ada',
        headers: { ...t.signed(), cookie: adminCookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.rows.map((r: { RealName: string }) => r.RealName)).toEqual(['Ada Admin']);
      expect(await nonces()).toBe(before);
      const member = await t.app.inject({
        method: 'GET',
        url: '/api/account/managePage',
        headers: { ...t.signed(), cookie: memberCookie },
      });
      expect(member.statusCode).toBe(403);
    });

    it('refuses an ordinary member with 403', async () => {
      const response = await page({}, memberCookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.key).toBe('errors.auth.noPermission');
    });
  });

  describe("SPEC §7's other names of the member list", () => {
    const get = (url: string, cookie = adminCookie) =>
      t.app.inject({ method: 'GET', url, headers: { ...t.signed(), cookie, 'accept-language': 'en-US' } });

    it('GET Account/common/list answers the page GET account/managePage does, with its filters', async () => {
      const query = '?pageIndex=1&pageSize=5&keyword=ada';
      const list = await get(`/api/Account/common/list${query}`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual((await get(`/api/account/managePage${query}`)).json());
      expect(list.json().data.rows.map((r: { RealName: string }) => r.RealName)).toEqual(['Ada Admin']);
      const rival = (await get('/api/Account/common/list?pageSize=100')).json().data.rows;
      expect(rival.map((r: { ID: number }) => r.ID)).not.toContain(rivalId);
      const text = await get('/api/Account/common/list?pageIndex=first');
      expect(text.json()).toMatchObject({
        message: 'Only input number',
        error: { key: 'errors.validation.onlyNumber', params: { field: 'pageIndex' } },
      });
    });

    it('POST account/authenticatedAccount lists the members authorised for a product, as managePage does', async () => {
      const body = { product: 'CIMS', pageSize: 100 };
      const response = await call('POST', '/api/account/authenticatedAccount', body);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.rows.map((r: { RealName: string }) => r.RealName)).toEqual(['Ada Admin']);
      expect(response.json()).toEqual((await page(body)).json());
    });

    it('refuses an ordinary member (403) and a signed-out caller (401) on both', async () => {
      const list = await get('/api/Account/common/list', memberCookie);
      expect(list.statusCode).toBe(403);
      expect(list.json().error.key).toBe('errors.auth.noPermission');
      const authorised = await call('POST', '/api/account/authenticatedAccount', {}, memberCookie);
      expect(authorised.statusCode).toBe(403);
      expect((await get('/api/Account/common/list', '')).statusCode).toBe(401);
      expect((await call('POST', '/api/account/authenticatedAccount', {}, '')).statusCode).toBe(401);
    });
  });

  describe('POST /api/account', () => {
    it('adds a member with a generated password shown once, which must be changed at sign-in', async () => {
      const response = await call('POST', '/api/account', {
        Account: 'new.hire@acme.test',
        RealName: 'New Hire',
        Products: ['ELN'],
      });
      expect(response.statusCode).toBe(200);
      const { ID, Password, Account } = response.json().data;
      expect(Account).toBe('new.hire@acme.test');
      expect(Password).toMatch(/^\S{10,}$/);
      expect(response.body).not.toContain('password_hash');
      const first = await signIn(t, 'new.hire@acme.test', Password);
      expect(first.response.json().data.PwdInfo.MustChange).toBe(true);
      const listed = (await page({ keyword: 'new hire' })).json().data.rows;
      expect(listed).toEqual([expect.objectContaining({ ID, Products: ['ELN'], IsOrganAdmin: 0 })]);
      expect((await memberLogs())[0].content).toBe('Added member New Hire (new.hire@acme.test)');
    });

    it('keeps a typed initial password secret and checks it against the policy', async () => {
      const weak = await call('POST', '/api/account', {
        Account: '13900000077',
        RealName: 'Weak',
        Password: 'a',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.key).toMatch(/^errors\.password\./);
      // Guessable with the new member's own words: refused with the reason, nothing added.
      for (const [Password, key] of [
        ['123456789012345', 'errors.password.guessable.similarToCommon'],
        ['Guessable-Name-2026', 'errors.password.guessable.userInputs'],
        ['13900000077-13900000077', 'errors.password.guessable.userInputs'],
      ]) {
        const refused = await call('POST', '/api/account', {
          Account: '13900000077',
          RealName: 'Guessable Name',
          Password,
        });
        expect(refused.statusCode, Password).toBe(400);
        expect(refused.json().error, Password).toEqual({ key });
      }
      expect((await signIn(t, '13900000077', '123456789012345')).response.statusCode).toBe(401);
      const typed = await call('POST', '/api/account', {
        Account: '13900000077',
        RealName: 'Typed',
        Password: 'Typed#Pass2026-kestrel',
      });
      expect(typed.json().data.Password).toBeNull();
      expect(
        (await signIn(t, '13900000077', 'Typed#Pass2026-kestrel')).response.json().data.PwdInfo.MustChange,
      ).toBe(true);
    });

    it('refuses a mobile that differs from a taken one only in spaces and full-width digits', async () => {
      const before = await t.database.db.selectFrom('accounts').select('id').execute();
      for (const account of [
        '139 0000 0001',
        '１３９００００００01',
        '+86 13900000001',
        'ADMIN@rival.test',
      ]) {
        const response = await call('POST', '/api/account', { Account: account, RealName: 'Copy' });
        expect(response.statusCode, account).toBe(409);
        expect(response.json().error.key).toBe('errors.members.accountTaken');
      }
      expect(await t.database.db.selectFrom('accounts').select('id').execute()).toHaveLength(before.length);
    });

    it("refuses another organisation's department, superior or an unlicensed product", async () => {
      const cases = [
        [{ DeptID: rivalDeptId }, 'errors.members.unknownDepartment'],
        [{ SuperiorID: rivalId }, 'errors.members.unknownSuperior'],
        [{ Products: ['SDH'] }, 'errors.members.unknownProduct'],
        [{ Account: 'not an account' }, 'errors.validation.invalidMobile'],
      ] as const;
      for (const [extra, key] of cases) {
        const response = await call('POST', '/api/account', {
          Account: 'x@acme.test',
          RealName: 'X',
          ...extra,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.key).toBe(key);
      }
      expect((await page({ keyword: 'x@acme' })).json().data.total).toBe(0);
    });
  });

  describe('PUT /api/account/modify/:id', () => {
    it('edits name, department and superior, and ignores IsOrganAdmin in the body', async () => {
      const response = await call('PUT', `/api/account/modify/${chemistId}`, {
        RealName: 'Chemist Two',
        DeptID: acmeDeptId,
        SuperiorID: adminId,
        IsOrganAdmin: 1,
        is_org_admin: 1,
      });
      expect(response.statusCode).toBe(200);
      expect(await accountRow(chemistId)).toMatchObject({
        real_name: 'Chemist Two',
        dept_id: acmeDeptId,
        superior_id: adminId,
        is_org_admin: 0,
      });
      const row = (await page({ keyword: 'chemist two' })).json().data.rows[0];
      expect(row).toMatchObject({ DeptName: 'Synthesis', SuperiorName: 'Ada Admin' });
    });

    it('writes no operation-log row for an edit that changes nothing, and one for a real change', async () => {
      const before = (await memberLogs()).length;
      const row = await accountRow(leaverId);
      const same = {
        Account: row.email!,
        RealName: ` ${row.real_name} `,
        DeptID: row.dept_id === null ? null : Number(row.dept_id),
        SuperiorID: row.superior_id === null ? null : Number(row.superior_id),
      };
      expect((await call('PUT', `/api/account/modify/${leaverId}`, same)).statusCode).toBe(200);
      expect((await call('PUT', `/api/account/modify/${leaverId}`, {})).statusCode).toBe(200);
      expect(await memberLogs()).toHaveLength(before);

      const renamed = await call('PUT', `/api/account/modify/${leaverId}`, {
        ...same,
        RealName: 'Leaver Two',
      });
      expect(renamed.statusCode).toBe(200);
      expect(await memberLogs()).toHaveLength(before + 1);
      await call('PUT', `/api/account/modify/${leaverId}`, { RealName: row.real_name });
    });

    it("refuses a name of spaces and text where a number belongs, in SPEC §5's words", async () => {
      const spaces = await call('PUT', `/api/account/modify/${chemistId}`, { RealName: '   ' });
      expect(spaces.statusCode).toBe(400);
      expect(spaces.json()).toMatchObject({
        message: '不能全为空格',
        error: { key: 'errors.validation.allSpaces', params: { field: 'RealName' } },
      });
      const text = await call('PUT', `/api/account/modify/${chemistId}`, { DeptID: 'Synthesis' });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toMatchObject({
        message: '只能输入数字',
        error: { key: 'errors.validation.onlyNumber', params: { field: 'DeptID' } },
      });
      const path = await call('PUT', '/api/account/modify/chemist', { RealName: 'Chemist' });
      expect(path.json().error).toEqual({ key: 'errors.validation.onlyNumber', params: { field: 'id' } });
      expect((await accountRow(chemistId)).real_name).not.toBe('   ');
    });

    it("answers 404 for another organisation's member and changes nothing", async () => {
      const response = await call('PUT', `/api/account/modify/${rivalId}`, { RealName: 'Hijacked' });
      expect(response.statusCode).toBe(404);
      expect((await accountRow(rivalId)).real_name).toBe('Rival Member');
    });
  });

  describe('POST /api/account/setManager', () => {
    it('sets and removes the administrator right of another member, logging each', async () => {
      expect(
        (await call('POST', '/api/account/setManager', { IDs: [chemistId], IsOrganAdmin: 1 })).statusCode,
      ).toBe(200);
      expect((await accountRow(chemistId)).is_org_admin).toBe(1);
      expect(
        (await call('POST', '/api/account/setManager', { IDs: [chemistId], IsOrganAdmin: 0 })).statusCode,
      ).toBe(200);
      expect((await accountRow(chemistId)).is_org_admin).toBe(0);
      expect((await memberLogs())[0].content).toMatch(/^Revoked the administrator right of Chemist/);
    });

    it("refuses revoking one's own right, an empty pick and another organisation's member", async () => {
      const own = await call('POST', '/api/account/setManager', { IDs: [adminId], IsOrganAdmin: 0 });
      expect(own.statusCode).toBe(409);
      expect(own.json().error.key).toBe('errors.members.cannotRevokeOwnAdmin');
      const none = await call('POST', '/api/account/setManager', { IDs: [], IsOrganAdmin: 1 });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.key).toBe('errors.members.noneSelected');
      const foreign = await call('POST', '/api/account/setManager', {
        IDs: [chemistId, rivalId],
        IsOrganAdmin: 1,
      });
      expect(foreign.statusCode).toBe(404);
      expect((await accountRow(rivalId)).is_org_admin).toBe(0);
      expect((await accountRow(chemistId)).is_org_admin).toBe(0);
    });

    it('refuses an ordinary member with 403', async () => {
      const response = await call(
        'POST',
        '/api/account/setManager',
        { IDs: [chemistId], IsOrganAdmin: 1 },
        memberCookie,
      );
      expect(response.statusCode).toBe(403);
    });
  });

  describe('the last administrator', () => {
    it('is never removed nor demoted, even by the operator', async () => {
      const only = await createTestOrganization(t, 'Solo Lab', { admin: { account: 'solo@solo.test' } });
      const operator = { id: null, name: 'operator-cli' };
      await expect(
        removeMembers({ db: t.database.db, orgId: only.orgId, operator, now: Date.now() }, [only.admin.id]),
      ).rejects.toMatchObject({
        key: 'errors.members.lastAdmin',
      });
      await expect(
        setMembersAdmin(
          { db: t.database.db, orgId: only.orgId, operator, now: Date.now() },
          [only.admin.id],
          false,
        ),
      ).rejects.toMatchObject({ key: 'errors.members.lastAdmin' });
      expect((await accountRow(only.admin.id)).status).toBe('active');
    });
  });

  describe('POST /api/account/initPassword', () => {
    it('gives a one-time password, ends the sessions and refuses your own', async () => {
      const member = await signIn(t, 'forgetful@acme.test');
      const own = await call('POST', '/api/account/initPassword', { IDs: [adminId] });
      expect(own.json().error.key).toBe('errors.members.notOnSelf');
      const response = await call('POST', '/api/account/initPassword', { IDs: [lockedId] });
      expect(response.statusCode).toBe(200);
      const [{ Password, Account }] = response.json().data.Passwords;
      expect(Account).toBe('forgetful@acme.test');
      const gone = await t.app.inject({
        method: 'GET',
        url: '/api/account/current',
        headers: { cookie: member.cookie },
      });
      expect(gone.statusCode).toBe(401);
      expect((await signIn(t, 'forgetful@acme.test', Password)).response.json().data.PwdInfo.MustChange).toBe(
        true,
      );
    });
  });

  describe('sessions', () => {
    it('end at once when the member is locked', async () => {
      const member = await signIn(t, 'locky@acme.test');
      await lockOut('locky@acme.test');
      const gone = await t.app.inject({
        method: 'GET',
        url: '/api/account/current',
        headers: { cookie: member.cookie },
      });
      expect(gone.statusCode).toBe(401);
    });
  });

  describe('POST /api/account/changeDept', () => {
    it("moves members within the organisation and refuses another organisation's department", async () => {
      expect(
        (await call('POST', '/api/account/changeDept', { IDs: [leaverId], DeptID: acmeDeptId })).statusCode,
      ).toBe(200);
      expect((await accountRow(leaverId)).dept_id).toBe(acmeDeptId);
      const foreign = await call('POST', '/api/account/changeDept', { IDs: [leaverId], DeptID: rivalDeptId });
      expect(foreign.json().error.key).toBe('errors.members.unknownDepartment');
      expect((await accountRow(leaverId)).dept_id).toBe(acmeDeptId);
    });
  });

  describe('POST /api/account/remove', () => {
    it("refuses removing yourself ('Can't remove yourself') and a batch with another organisation's member", async () => {
      const self = await call('POST', '/api/account/remove', { IDs: [adminId] });
      expect(self.statusCode).toBe(409);
      expect(self.json().error.key).toBe('errors.members.cannotRemoveSelf');
      const mixed = await call('POST', '/api/account/remove', { IDs: [leaverId, rivalId] });
      expect(mixed.statusCode).toBe(404);
      expect((await accountRow(leaverId)).status).toBe('active');
      expect((await accountRow(rivalId)).status).not.toBe('removed');
    });

    it('removes a member, whose session ends at once, into former members; restore brings the department back', async () => {
      const leaver = await signIn(t, 'leaver@acme.test');
      const response = await call('POST', '/api/account/remove', { IDs: [leaverId] });
      expect(response.statusCode).toBe(200);
      const gone = await t.app.inject({
        method: 'GET',
        url: '/api/account/current',
        headers: { cookie: leaver.cookie },
      });
      expect(gone.statusCode).toBe(401);
      expect((await signIn(t, 'leaver@acme.test')).response.statusCode).not.toBe(200);
      expect((await page({ keyword: 'leaver' })).json().data.total).toBe(0);

      const history = (await call('POST', '/api/accountsHistory/page', { keyword: 'leav' })).json().data;
      expect(history.rows).toEqual([
        expect.objectContaining({ ID: leaverId, DeptName: 'Synthesis', RemovedTime: expect.any(Number) }),
      ]);
      const foreign = await call('POST', '/api/accountsHistory/recovery', { IDs: [leaverId, rivalId] });
      expect(foreign.statusCode).toBe(404);
      expect((await accountRow(leaverId)).status).toBe('removed');

      const restored = await call('POST', '/api/accountsHistory/recovery', { IDs: [leaverId] });
      expect(restored.statusCode).toBe(200);
      expect(await accountRow(leaverId)).toMatchObject({
        status: 'active',
        dept_id: acmeDeptId,
        removed_at: null,
      });
      expect((await signIn(t, 'leaver@acme.test')).response.statusCode).toBe(200);
      expect((await memberLogs())[0].content).toBe('Restored former member Leaver (leaver@acme.test)');
    });

    it('refuses former-member reads and restores to an ordinary member', async () => {
      const read = await call('POST', '/api/accountsHistory/page', {}, memberCookie);
      expect(read.statusCode).toBe(403);
      const restore = await call('POST', '/api/accountsHistory/recovery', { IDs: [leaverId] }, memberCookie);
      expect(restore.statusCode).toBe(403);
    });
  });

  describe('seats', () => {
    const setSeats = async (code: string, seats: number | null) => {
      const repos = createRepositories(t.database.db);
      const product = (await repos.authorisation.licensedProducts(acmeOrgId)).find(
        (row) => row.code === code,
      )!;
      await repos.authorisation.setSeats(acmeOrgId, product.id, seats);
    };

    it('refuses a new member a product whose seats are all taken, and adds nobody', async () => {
      await setSeats('CIMS', 1); // the administrator holds it
      try {
        const response = await call('POST', '/api/account', {
          Account: 'seatless@acme.test',
          RealName: 'Seatless',
          Products: ['CIMS'],
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toMatchObject({ key: 'errors.authorize.seatsExceededOne' });
        expect((await page({ keyword: 'seatless' })).json().data.total).toBe(0);
      } finally {
        await setSeats('CIMS', null);
      }
    });

    it('refuses to restore a former member whose product has no seat left, and restores nobody', async () => {
      expect((await call('POST', '/api/account/remove', { IDs: [chemistId] })).statusCode).toBe(200);
      await setSeats('ELN', 1); // the administrator holds the one seat now
      try {
        const refused = await call('POST', '/api/accountsHistory/recovery', { IDs: [chemistId] });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.key).toBe('errors.authorize.seatsExceededOne');
        expect((await accountRow(chemistId)).status).toBe('removed');
      } finally {
        await setSeats('ELN', null);
      }
      expect((await call('POST', '/api/accountsHistory/recovery', { IDs: [chemistId] })).statusCode).toBe(
        200,
      );
    });
  });
});
