import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../domain/constants';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('operation log (operationLog/page and export) on %s', (engine) => {
  let t: TestApp;
  let labOrg: number;
  let otherOrg: number;
  let adminId: number;
  let admin: string;
  let otherAdmin: string;
  let member: string;

  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { ...t.signed(), cookie }, payload });
  const page = (cookie: string, body: object = {}) => post('/api/operationLog/page', cookie, body);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Lab', {
      admin: { account: 'admin@oplog.example' },
      members: [{ realName: 'Mo', account: 'member@oplog.example' }],
    });
    labOrg = lab.orgId;
    adminId = lab.admin.id;
    otherOrg = (await createTestOrganization(t, 'Other', { admin: { account: 'admin@other-oplog.example' } }))
      .orgId;
    const db = t.database.db;
    const base = t.clock.now() - 60 * MINUTE_MS;
    // 25 rows of the lab over the last hour (two modules, one by the operator's command), 3 of Other.
    const rows = Array.from({ length: 25 }, (_, i) => ({
      org_id: labOrg,
      operator_id: i % 5 === 0 ? null : adminId,
      operator_name: i % 5 === 0 ? 'operator-cli' : 'Lab Admin',
      module: i % 2 === 0 ? 'member' : 'ipWhitelist',
      content: i === 7 ? '=HYPERLINK("http://evil.example","click")' : `Change number ${i}`,
      // Two rows share each minute, so ties are broken by id.
      created_at: base + Math.floor(i / 2) * MINUTE_MS,
    }));
    rows.push(...[0, 1, 2].map((i) => ({ ...rows[i], org_id: otherOrg, content: `Other change ${i}` })));
    await db.insertInto('operation_logs').values(rows).execute();
    admin = (await signIn(t, 'admin@oplog.example')).cookie;
    otherAdmin = (await signIn(t, 'admin@other-oplog.example')).cookie;
    member = (await signIn(t, 'member@oplog.example')).cookie;
  });
  afterAll(() => t.close());

  it('pages the organisation’s changes newest first by keyset, with no row twice or missed', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 10; n += 1) {
      const response = await page(admin, { pageSize: 10, ...(cursor ? { cursor } : {}) });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      seen.push(...data.rows.map((row: { Content: string }) => row.Content));
      if (!data.nextCursor) break;
      cursor = data.nextCursor;
    }
    const own = seen.filter((content) => !content.startsWith('Other'));
    expect(seen).toHaveLength(own.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain('Change number 0');
    expect(seen).toContain('Change number 24');
    expect(seen.indexOf('Change number 24')).toBeLessThan(seen.indexOf('Change number 0'));
  });

  it('filters by module, operator, keyword and date range', async () => {
    const contents = async (body: object) =>
      (await page(admin, { pageSize: 100, ...body }))
        .json()
        .data.rows.map((r: { Content: string }) => r.Content);
    expect(await contents({ module: 'ipWhitelist' })).toHaveLength(12);
    expect(await contents({ operator: 'cli', module: 'member' })).toEqual([
      'Change number 20',
      'Change number 10',
      'Change number 0',
    ]);
    expect((await contents({ operator: adminId })).length).toBeGreaterThanOrEqual(20);
    expect(await contents({ keyword: 'NUMBER 1' })).toEqual(
      expect.arrayContaining(['Change number 1', 'Change number 10', 'Change number 19']),
    );
    expect(await contents({ keyword: '100%' })).toEqual([]);
    const now = t.clock.now();
    // The last ten minutes hold only the organisation's creation, none of the hour's changes.
    expect(
      (await contents({ from: now - 10 * MINUTE_MS, to: now })).filter((c: string) => c.startsWith('Change')),
    ).toEqual([]);
    expect(await contents({ from: now - 61 * MINUTE_MS, to: now - 59.5 * MINUTE_MS })).toEqual([
      'Change number 1',
      'Change number 0',
    ]);
  });

  it('pages a filtered list by keyset across rows of the same minute, and a cursor keeps to the window', async () => {
    const walk = async (body: object, pageSize: number) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let n = 0; n < 30; n += 1) {
        const data = (await page(admin, { ...body, pageSize, ...(cursor ? { cursor } : {}) })).json().data;
        seen.push(...data.rows.map((row: { Content: string }) => row.Content));
        if (!data.nextCursor) break;
        cursor = data.nextCursor;
      }
      return seen;
    };
    const all = (await page(admin, { module: 'ipWhitelist', pageSize: 100 })).json().data.rows;
    const names = all.map((row: { Content: string }) => row.Content);
    // Pages of 1 and 3 cut between the two rows of a minute: none is lost or repeated.
    expect(await walk({ module: 'ipWhitelist' }, 1)).toEqual(names);
    expect(await walk({ module: 'ipWhitelist' }, 3)).toEqual(names);
    // A cursor from a wider window asks for rows after it that are still inside the window sent with it.
    const now = t.clock.now();
    const wide = (await page(admin, { pageSize: 2 })).json().data;
    const narrow = { from: now - 61 * MINUTE_MS, to: now - 59.5 * MINUTE_MS };
    const after = (await page(admin, { ...narrow, pageSize: 10, cursor: wide.nextCursor })).json().data;
    expect(after.rows.map((row: { Content: string }) => row.Content)).toEqual([
      'Change number 1',
      'Change number 0',
    ]);
  });

  it('refuses a bad window or cursor with its key', async () => {
    const now = t.clock.now();
    const window = await page(admin, { from: now, to: now - 1 });
    expect(window.statusCode).toBe(400);
    expect(window.json().error.key).toBe('errors.operationLog.invalidWindow');
    const cursor = await page(admin, { cursor: 'drop table' });
    expect(cursor.json().error.key).toBe('errors.operationLog.invalidCursor');
  });

  it('keeps organisations apart', async () => {
    const theirs = (await page(otherAdmin, { pageSize: 100 })).json().data.rows;
    expect(
      theirs
        .map((r: { Content: string }) => r.Content)
        // The organisation's creation, in the reader's language (zh-CN without Accept-Language).
        .filter((c: string) => !c.startsWith('创建了组织'))
        .sort(),
    ).toEqual(['Other change 0', 'Other change 1', 'Other change 2']);
  });

  it('lists the administrators to filter on', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/operationLog/operators',
      headers: { ...t.signed(), cookie: admin },
    });
    expect(response.json().data).toEqual([{ ID: adminId, Name: 'Lab Admin' }]);
  });

  it('exports the filtered log as a workbook with formulas neutralised, and logs the export', async () => {
    const response = await post('/api/operationLog/exportOperationLog', admin, { timeZone: 'Asia/Shanghai' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['操作时间', '操作人', '操作模块', '操作内容']);
    expect(rows.length).toBeGreaterThanOrEqual(26);
    const evil = rows.find((row) => String(row[3]).includes('HYPERLINK'));
    expect(evil?.[3]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(rows.some((row) => String(row[3]).startsWith('Other'))).toBe(false);
    expect(rows.find((row) => row[1] === '运维命令 (operator-cli)')).toBeDefined();
    const logged = (await page(admin, { module: 'operationLog' })).json().data.rows;
    expect(logged[0].Content).toMatch(/^导出了操作日志（/);
  });

  it('shows the export row’s range in the reader’s language and time zone', async () => {
    await post('/api/operationLog/exportOperationLog', admin, { timeZone: 'UTC' });
    const read = async (headers: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/operationLog/page',
        headers: { ...t.signed(), cookie: admin, ...headers },
        payload: { module: 'operationLog' },
      });
      return response.json().data.rows[0].Content as string;
    };
    const minute = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}';
    const utc = await read({ 'accept-language': 'zh-CN' });
    expect(utc).toMatch(new RegExp(`^导出了操作日志（${minute} 至 ${minute}）$`));
    const shanghai = await read({ 'accept-language': 'zh-CN', 'x-time-zone': 'Asia/Shanghai' });
    expect(shanghai).toMatch(new RegExp(`^导出了操作日志（${minute} 至 ${minute}）$`));
    expect(shanghai).not.toBe(utc);
    const english = await read({ 'accept-language': 'en-US', 'x-time-zone': 'Asia/Shanghai' });
    expect(english).toMatch(/^Exported the operation log from [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2} to /);
    // A zone the runtime does not know falls back to the configured default (UTC here).
    expect(await read({ 'accept-language': 'zh-CN', 'x-time-zone': 'Mars/Olympus' })).toBe(utc);
  });

  it('answers 403 to a member', async () => {
    expect((await page(member)).statusCode).toBe(403);
    expect((await post('/api/operationLog/exportOperationLog', member, {})).statusCode).toBe(403);
  });
});
