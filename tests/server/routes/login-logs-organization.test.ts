import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../domain/constants';
import { createRepositories } from '../../../server/repositories';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

interface Row {
  ID: number;
  Account: string;
  RealName: string | null;
  Department: string | null;
  LoginTime: number;
  Success: boolean;
}

describe.each(engines())("the organisation's login log on %s", (engine) => {
  let t: TestApp;
  let adminCookie: string;
  let memberCookie: string;
  let otherAdminCookie: string;
  let labDeptId: number;
  let otherDeptId: number;
  /** Every row seeded into Acme's log, newest first, as the list orders them. */
  const acmeRows: Array<{ account: string; time: number; success: boolean }> = [];

  const post = (url: string, cookie: string, payload: Record<string, unknown>, language = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...t.signed(), cookie, 'accept-language': language },
      payload,
    });
  const page = (cookie: string, body: Record<string, unknown> = {}) =>
    post('/api/loginLog/organizationPage', cookie, body);

  /** Every page of a filter, following nextCursor. */
  const allPages = async (body: Record<string, unknown>) => {
    const rows: Row[] = [];
    const pages: number[] = [];
    let cursor: string | undefined;
    for (;;) {
      const response = await page(adminCookie, { ...body, ...(cursor ? { cursor } : {}) });
      expect(response.statusCode).toBe(200);
      const data = response.json().data as { rows: Row[]; nextCursor: string | null };
      rows.push(...data.rows);
      pages.push(data.rows.length);
      if (!data.nextCursor) return { rows, pages };
      cursor = data.nextCursor;
    }
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const repos = createRepositories(t.database.db);
    const acme = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [
        { realName: 'Chemist Li', account: '13900000001' },
        { realName: 'Analyst Zhou', account: 'analyst@acme.test' },
      ],
    });
    const other = await createTestOrganization(t, 'Other Lab', { admin: { account: 'admin@other.test' } });
    const now = t.clock.now();
    const labs = await repos.departments.insert(
      acme.orgId,
      { parentId: null, name: 'Labs', managerAccountId: null, description: '' },
      now,
    );
    labDeptId = await repos.departments.insert(
      acme.orgId,
      { parentId: labs, name: 'Synthesis', managerAccountId: null, description: '' },
      now,
    );
    otherDeptId = await repos.departments.insert(
      other.orgId,
      { parentId: null, name: 'Elsewhere', managerAccountId: null, description: '' },
      now,
    );
    // The chemist sits in a department below Labs: filtering on Labs finds them.
    await repos.accounts.setDepartment(acme.orgId, acme.members[0].id, labDeptId);

    // 25 sign-ins over the last two days, alternating chemist and analyst; every fifth one failed; the
    // other organisation signs in in between. One attempt typed a formula as its account.
    const seed = async (
      orgId: number,
      accountId: number | null,
      account: string,
      time: number,
      ok: boolean,
    ) =>
      repos.loginLogs.insert({
        org_id: orgId,
        account_id: accountId,
        account,
        ip: '10.0.0.1',
        browser: 'Chrome 140',
        product: 'UC',
        login_client: 'pc',
        success: ok ? 1 : 0,
        reason: ok ? null : 'errors.login.wrongCredentials',
        created_at: time,
      });
    for (let i = 0; i < 25; i += 1) {
      const time = now - 2 * DAY_MS + i * HOUR_MS;
      const chemist = i % 2 === 0;
      const ok = i % 5 !== 4;
      const account = chemist ? '13900000001' : 'analyst@acme.test';
      await seed(acme.orgId, chemist ? acme.members[0].id : acme.members[1].id, account, time, ok);
      acmeRows.unshift({ account, time, success: ok });
      await seed(other.orgId, other.admin.id, 'admin@other.test', time + MINUTE_MS, true);
    }
    const formulaTime = now - HOUR_MS;
    await seed(acme.orgId, null, '=HYPERLINK("http://evil.test","x")', formulaTime, false);
    acmeRows.unshift({ account: '=HYPERLINK("http://evil.test","x")', time: formulaTime, success: false });

    t.clock.advance(MINUTE_MS);
    adminCookie = (await signIn(t, 'admin@acme.test')).cookie;
    memberCookie = (await signIn(t, 'analyst@acme.test')).cookie;
    otherAdminCookie = (await signIn(t, 'admin@other.test')).cookie;
    // The three sign-ins above are logged too, newest first.
    acmeRows.unshift(
      { account: 'analyst@acme.test', time: t.clock.now(), success: true },
      { account: 'admin@acme.test', time: t.clock.now(), success: true },
    );
  });
  afterAll(() => t.close());

  describe('POST /api/loginLog/organizationPage', () => {
    it("pages every member's sign-ins newest first by cursor, 10 at a time, without another organisation's", async () => {
      const { rows, pages } = await allPages({});
      expect(pages).toEqual([10, 10, 8]);
      expect(rows.map((row) => row.Account)).not.toContain('admin@other.test');
      expect(rows.map((row) => row.LoginTime)).toEqual(acmeRows.map((row) => row.time));
      expect(new Set(rows.map((row) => row.ID)).size).toBe(rows.length);
      expect(rows.find((row) => row.Account === '13900000001')).toMatchObject({
        RealName: 'Chemist Li',
        Department: 'Synthesis',
      });
    });

    it('filters by result, keyword and department (with the departments below it), and combines them', async () => {
      const failures = await allPages({ result: 'failure', pageSize: 100 });
      expect(failures.rows.map((row) => row.Success)).toEqual(Array(6).fill(false));
      const successes = await allPages({ result: 'success', pageSize: 3 });
      expect(successes.rows).toHaveLength(acmeRows.filter((row) => row.success).length);
      expect(successes.pages[0]).toBe(3);

      const zhou = await allPages({ keyword: 'zhou', pageSize: 100 });
      expect(new Set(zhou.rows.map((row) => row.Account))).toEqual(new Set(['analyst@acme.test']));
      const labs = (await t.database.db
        .selectFrom('departments')
        .select('id')
        .where('name', '=', 'Labs')
        .executeTakeFirstOrThrow()) as { id: number };
      const inLabs = await allPages({ deptId: Number(labs.id), pageSize: 100 });
      expect(inLabs.rows).toHaveLength(13);
      expect(new Set(inLabs.rows.map((row) => row.Account))).toEqual(new Set(['13900000001']));
      const failedInLab = await allPages({ deptId: labDeptId, result: 'failure', pageSize: 100 });
      expect(failedInLab.rows.map((row) => row.LoginTime)).toEqual(
        acmeRows.filter((row) => row.account === '13900000001' && !row.success).map((row) => row.time),
      );
    });

    it("refuses another organisation's department, a made-up cursor and a window over a year", async () => {
      const dept = await page(adminCookie, { deptId: otherDeptId });
      expect(dept.statusCode).toBe(400);
      expect(dept.json().error.key).toBe('errors.loginLog.unknownDepartment');
      const cursor = await page(adminCookie, { cursor: 'nope' });
      expect(cursor.statusCode).toBe(400);
      expect(cursor.json().error.key).toBe('errors.loginLog.invalidCursor');
      const window = await page(adminCookie, { from: 0, to: 400 * DAY_MS });
      expect(window.statusCode).toBe(400);
      expect(window.json().error.key).toBe('errors.loginLog.invalidWindow');
    });

    it("shows another organisation's administrator only their own organisation", async () => {
      const response = await page(otherAdminCookie, { pageSize: 100 });
      const rows = response.json().data.rows as Row[];
      expect(new Set(rows.map((row) => row.Account))).toEqual(new Set(['admin@other.test']));
    });

    it('refuses a member with 403 and nobody signed in with 401', async () => {
      const member = await page(memberCookie);
      expect(member.statusCode).toBe(403);
      expect(member.json().error.key).toBe('errors.auth.noPermission');
      expect((await page('')).statusCode).toBe(401);
    });

    it('keeps the personal login log working for a member', async () => {
      const own = await post('/api/loginLog/page', memberCookie, { range: 'week', pageSize: 100 });
      expect(own.statusCode).toBe(200);
      const accounts = (own.json().data.rows as Row[]).map((row) => row.Account);
      expect(new Set(accounts)).toEqual(new Set(['analyst@acme.test']));
    });
  });

  describe('POST /api/loginLog/exportLoginLog with the organisation filters', () => {
    const readRows = async (payload: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(payload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };

    it('writes the filtered rows with the department, and a typed formula as text', async () => {
      const response = await post('/api/loginLog/exportLoginLog', adminCookie, {
        result: 'failure',
        timeZone: 'UTC',
      });
      expect(response.statusCode).toBe(200);
      const rows = await readRows(response.rawPayload);
      expect(rows[0].slice(0, 4)).toEqual(['Login time', 'Account', 'Name', 'Department']);
      expect(rows).toHaveLength(1 + 6);
      expect(rows[1][1]).toBe(`'=HYPERLINK("http://evil.test","x")`);
      expect(rows.slice(1).every((row) => row[8] === 'Failed')).toBe(true);
      const chemist = rows.find((row) => row[1] === '13900000001');
      expect(chemist?.slice(2, 4)).toEqual(['Chemist Li', 'Synthesis']);
      // No cell of the file is a formula.
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      workbook.worksheets[0].eachRow((row) =>
        row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
      );
    });

    it("narrows to a department and refuses another organisation's, members and the wrong organisation", async () => {
      const lab = await post('/api/loginLog/exportLoginLog', adminCookie, { deptId: labDeptId });
      const rows = await readRows(lab.rawPayload);
      expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set(['13900000001']));
      const foreign = await post('/api/loginLog/exportLoginLog', adminCookie, { deptId: otherDeptId });
      expect(foreign.statusCode).toBe(400);
      const member = await post('/api/loginLog/exportLoginLog', memberCookie, {});
      expect(member.statusCode).toBe(403);
      const other = await post('/api/loginLog/exportLoginLog', otherAdminCookie, { deptId: labDeptId });
      expect(other.statusCode).toBe(400);
      expect(other.json().error.key).toBe('errors.loginLog.unknownDepartment');
    });
  });
});
