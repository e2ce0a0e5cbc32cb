import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../domain/constants';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, type TestApp, TEST_PASSWORD } from '../../helpers/test-app';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe.each(engines())('login log on %s', (engine) => {
  let t: TestApp;
  let chemistId: number;
  let analystId: number;
  let outsiderId: number;
  /** Session cookies taken at the end of the setup, when every sign-in below is logged. */
  const cookies: Record<string, string> = {};
  /** When each of the chemist's attempts happened, newest last. */
  const chemistTimes: number[] = [];

  const attempt = async (
    account: string,
    options: { password?: string; ip?: string; ua?: string; productType?: string; loginClient?: string } = {},
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      remoteAddress: options.ip ?? '10.0.0.1',
      headers: { ...t.signed(), 'user-agent': options.ua ?? CHROME },
      payload: {
        account,
        password: options.password ?? TEST_PASSWORD,
        agreed: true,
        productType: options.productType,
        loginClient: options.loginClient,
      },
    });
    const session = response.cookies.find((c) => c.name === 'uc_session');
    return { response, cookie: session ? `uc_session=${session.value}` : '' };
  };

  const page = (cookie: string, body: Record<string, unknown> = {}, language = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: '/api/loginLog/page',
      headers: { ...t.signed(), cookie, 'accept-language': language },
      payload: body,
    });

  const exportFile = (cookie: string, body: Record<string, unknown> = {}, language = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: '/api/loginLog/exportLoginLog',
      headers: { ...t.signed(), cookie, 'accept-language': language },
      payload: body,
    });

  beforeAll(async () => {
    t = await createTestApp(engine);
    const acme = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [
        { realName: 'Chemist', account: '13900000001' },
        { realName: 'Analyst Zhou', account: 'analyst@acme.test' },
      ],
    });
    chemistId = acme.members[0].id;
    analystId = acme.members[1].id;
    const other = await createTestOrganization(t, 'Other Lab', { admin: { account: 'admin@other.test' } });
    outsiderId = other.admin.id;

    // Ten days ago: the chemist on a phone, through the inventory product; five days ago on the desktop.
    t.clock.advance(-10 * DAY_MS);
    chemistTimes.push(t.clock.now());
    await attempt('13900000001', { ua: IPHONE, ip: '10.0.0.9', productType: 'CIMS', loginClient: 'mobile' });
    t.clock.advance(5 * DAY_MS);
    chemistTimes.push(t.clock.now());
    await attempt('13900000001', { ip: '10.0.0.5' });
    // Two days ago: the analyst signs in twelve times, a minute apart; the other organisation once.
    t.clock.advance(3 * DAY_MS);
    for (let i = 0; i < 12; i += 1) {
      await attempt('analyst@acme.test', { ip: `10.0.1.${i}` });
      t.clock.advance(MINUTE_MS);
    }
    await attempt('admin@other.test', { ip: '198.51.100.1' });
    // Yesterday: a wrong password for the chemist from elsewhere.
    t.clock.advance(DAY_MS - 12 * MINUTE_MS);
    chemistTimes.push(t.clock.now());
    await attempt('13900000001', { password: 'not-the-password', ip: '203.0.113.7' });
    // Now: everyone signs in on the desktop.
    t.clock.advance(DAY_MS);
    chemistTimes.push(t.clock.now());
    cookies.chemist = (await attempt('13900000001')).cookie;
    t.clock.advance(MINUTE_MS);
    cookies.admin = (await attempt('admin@acme.test')).cookie;
    cookies.outsider = (await attempt('admin@other.test')).cookie;
    cookies.analyst = (await attempt('analyst@acme.test')).cookie;
  });
  afterAll(() => t.close());

  describe('POST /api/loginLog/page', () => {
    it('shows a member their own sign-ins of the last 3 days by default, newest first, failures with the reason', async () => {
      const response = await page(cookies.chemist);
      expect(response.statusCode).toBe(200);
      const { total, rows } = response.json().data;
      expect(total).toBe(2);
      expect(rows).toEqual([
        expect.objectContaining({
          AccountID: chemistId,
          Account: '13900000001',
          RealName: 'Chemist',
          LoginTime: chemistTimes[3],
          IP: '10.0.0.1',
          Browser: 'Chrome 156',
          Product: 'UC',
          Success: true,
          Reason: null,
        }),
        expect.objectContaining({
          LoginTime: chemistTimes[2],
          IP: '203.0.113.7',
          Success: false,
          Reason: 'errors.login.wrongCredentials',
        }),
      ]);
    });

    it('widens to the last week and month', async () => {
      const week = (await page(cookies.chemist, { range: 'week' })).json().data;
      expect(week.rows.map((row: { LoginTime: number }) => row.LoginTime)).toEqual([
        chemistTimes[3],
        chemistTimes[2],
        chemistTimes[1],
      ]);
      const month = (await page(cookies.chemist, { range: 'month' })).json().data;
      expect(month.total).toBe(4);
      expect(month.rows[3]).toMatchObject({
        LoginTime: chemistTimes[0],
        IP: '10.0.0.9',
        Browser: 'Safari 18',
        Product: 'CIMS',
        LoginClient: 'mobile',
      });
    });

    it('takes an explicit window, both ends included', async () => {
      const data = (await page(cookies.chemist, { from: chemistTimes[0], to: chemistTimes[1] })).json().data;
      expect(data.rows.map((row: { LoginTime: number }) => row.LoginTime)).toEqual([
        chemistTimes[1],
        chemistTimes[0],
      ]);
    });

    it('refuses a window with one end, backwards, or longer than a year', async () => {
      for (const body of [
        { from: chemistTimes[0] },
        { from: chemistTimes[1], to: chemistTimes[0] },
        { from: 0, to: 400 * DAY_MS },
      ]) {
        const response = await page(cookies.chemist, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.key).toBe('errors.loginLog.invalidWindow');
      }
    });

    it('pages 10 rows at a time from page 1, with the total of the window', async () => {
      const first = (await page(cookies.analyst)).json().data;
      expect(first.total).toBe(13);
      expect(first.rows).toHaveLength(10);
      const second = (await page(cookies.analyst, { pageIndex: 2 })).json().data;
      expect(second.total).toBe(13);
      expect(second.rows).toHaveLength(3);
      const ids = [...first.rows, ...second.rows].map((row: { ID: number }) => row.ID);
      expect(new Set(ids).size).toBe(13);
      const times = [...first.rows, ...second.rows].map((row: { LoginTime: number }) => row.LoginTime);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const small = (await page(cookies.analyst, { pageSize: 5, pageIndex: 3 })).json().data;
      expect(small.rows).toHaveLength(3);
    });

    it('refuses a page size over 100', async () => {
      expect((await page(cookies.analyst, { pageSize: 101 })).statusCode).toBe(400);
    });

    it("refuses a member another member's rows, the whole organisation and a keyword", async () => {
      for (const body of [{ accountId: analystId }, { scope: 'organization' }, { keyword: 'zhou' }]) {
        const response = await page(cookies.chemist, body);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.key).toBe('errors.auth.noPermission');
      }
      expect((await page(cookies.chemist, { accountId: chemistId })).json().data.total).toBe(2);
    });

    it('shows an administrator their own rows by default', async () => {
      const data = (await page(cookies.admin)).json().data;
      expect(data.total).toBe(1);
      expect(data.rows[0].Account).toBe('admin@acme.test');
    });

    it("lets an administrator read one member or the whole organisation, never another organisation's rows", async () => {
      const member = (await page(cookies.admin, { accountId: chemistId, range: 'month' })).json().data;
      expect(member.total).toBe(4);
      const all = (await page(cookies.admin, { scope: 'organization', range: 'month', pageSize: 100 })).json()
        .data;
      expect(all.total).toBe(4 + 13 + 1);
      expect(all.rows.map((row: { Account: string }) => row.Account)).not.toContain('admin@other.test');
      const outsider = (await page(cookies.admin, { accountId: outsiderId, range: 'month' })).json().data;
      expect(outsider).toEqual({ total: 0, rows: [] });
    });

    it('finds members by part of their account or real name, any case, with pattern characters taken literally', async () => {
      const byName = (await page(cookies.admin, { keyword: 'ZHOU', range: 'month', pageSize: 100 })).json()
        .data;
      expect(byName.total).toBe(13);
      const byAccount = (await page(cookies.admin, { keyword: '1390000', range: 'month' })).json().data;
      expect(byAccount.total).toBe(4);
      const wildcard = (await page(cookies.admin, { keyword: '%', range: 'month' })).json().data;
      expect(wildcard.total).toBe(0);
      const other = (await page(cookies.admin, { keyword: 'other', range: 'month' })).json().data;
      expect(other.total).toBe(0);
    });

    it('answers 401 without a session', async () => {
      expect((await page('')).statusCode).toBe(401);
    });
  });

  describe('POST /api/loginLog/exportLoginLog', () => {
    const readWorkbook = async (payload: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(payload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { sheet, rows };
    };

    it("writes the organisation's log for the window as a workbook the library reads back, in the user's language and time zone", async () => {
      const response = await exportFile(cookies.admin, { range: 'month', timeZone: 'Asia/Shanghai' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="login-log-\d{8}-\d{8}\.xlsx"/,
      );
      const { sheet, rows } = await readWorkbook(response.rawPayload);
      expect(sheet.name).toBe('Login log');
      expect(rows[0]).toEqual([
        'Login time',
        'Account',
        'Name',
        'Department',
        'IP address',
        'Browser',
        'Product',
        'Client',
        'Result',
        'Reason',
      ]);
      expect(rows).toHaveLength(1 + 18);
      expect(rows.flat()).not.toContain('admin@other.test');
      const chemistRows = rows.filter((row) => row[1] === '13900000001');
      expect(chemistRows).toHaveLength(4);
      // Shanghai is UTC+8: the cell shows the wall-clock time there.
      const oldest = chemistRows[3];
      expect((oldest[0] as Date).toISOString()).toBe(new Date(chemistTimes[0] + 8 * HOUR_MS).toISOString());
      expect(oldest.slice(1)).toEqual([
        '13900000001',
        'Chemist',
        undefined, // no department: an empty cell
        '10.0.0.9',
        'Safari 18',
        'Chemical Inventory',
        'Phone browser',
        'Succeeded',
      ]);
      expect(chemistRows[1].slice(8)).toEqual(['Failed', 'Account or password input wrong, please re-enter']);
    });

    it('writes an operation-log row for each export', async () => {
      const before = await t.database.db
        .selectFrom('operation_logs')
        .selectAll()
        .where('module', '=', 'loginLog')
        .execute();
      await exportFile(cookies.admin, { accountId: chemistId });
      const after = await t.database.db
        .selectFrom('operation_logs')
        .selectAll()
        .where('module', '=', 'loginLog')
        .execute();
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)).toMatchObject({
        operator_name: 'Acme Lab Admin',
        content: expect.stringContaining('Chemist (13900000001)'),
      });
    });

    it('narrows to one member, and writes Chinese headers for a Chinese user', async () => {
      const response = await exportFile(cookies.admin, { accountId: chemistId, range: 'week' }, 'zh-CN');
      const { sheet, rows } = await readWorkbook(response.rawPayload);
      expect(sheet.name).toBe('登录日志');
      expect(rows[0][0]).toBe('登录时间');
      expect(rows.slice(1).map((row) => row[1])).toEqual(['13900000001', '13900000001', '13900000001']);
      expect(response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('登录日志')}-`,
      );
    });

    it('refuses members and an unknown time zone', async () => {
      const member = await exportFile(cookies.chemist);
      expect(member.statusCode).toBe(403);
      const zone = await exportFile(cookies.admin, { timeZone: 'Mars/Olympus_Mons' });
      expect(zone.statusCode).toBe(400);
      expect(zone.json().error.key).toBe('errors.loginLog.invalidTimeZone');
    });

    it('answers a signed GET with the same file, and refuses an unsigned one', async () => {
      const url = `/api/loginLog/exportLoginLog?range=month&accountId=${chemistId}`;
      const unsigned = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.admin } });
      expect(unsigned.statusCode).toBe(400);
      const signed = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...t.signed(), cookie: cookies.admin },
      });
      expect(signed.statusCode).toBe(200);
      const { rows } = await readWorkbook(signed.rawPayload);
      expect(rows).toHaveLength(1 + 4);
    });
  });
});
