import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../domain/constants';
import { logList, logMessage } from '../../../domain/rules/operation-log-content';
import { createRepositories } from '../../../server/repositories';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/** Operation-log content in the reader's language (issue #10): list, export and keyword filter. */
describe.each(engines())('operation-log content in the reader’s language on %s', (engine) => {
  let t: TestApp;
  let orgId: number;
  let admin: string;
  let otherAdmin: string;

  const headers = (cookie: string, language?: Language) => ({
    ...t.signed(),
    cookie,
    ...(language ? { 'accept-language': language } : {}),
  });
  const contents = async (language: Language, body: object = {}, cookie = admin) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operationLog/page',
      headers: headers(cookie, language),
      payload: { pageSize: 100, ...body },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.rows.map((row: { Content: string }) => row.Content) as string[];
  };
  const exported = async (language: Language, body: object = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operationLog/exportOperationLog',
      headers: headers(admin, language),
      payload: { timeZone: 'UTC', ...body },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.worksheets[0].eachRow((row, index) => {
      if (index > 1) cells.push(String(row.getCell(4).value));
    });
    return cells;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Content Lab', {
      admin: { account: 'admin@content.example' },
    });
    orgId = lab.orgId;
    await createTestOrganization(t, 'Elsewhere', { admin: { account: 'admin@elsewhere.example' } });
    admin = (await signIn(t, 'admin@content.example')).cookie;
    otherAdmin = (await signIn(t, 'admin@elsewhere.example')).cookie;
    // A row written before content keys were stored: only its English text.
    await t.database.db
      .insertInto('operation_logs')
      .values({
        org_id: orgId,
        operator_id: null,
        operator_name: 'operator-cli',
        module: 'member',
        content: 'Legacy row: removed member Old Timer',
        created_at: t.clock.now() - 1000,
      })
      .execute();
    // A department made through the API; its name is data with placeholder and markup look-alikes.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/department',
      headers: headers(admin),
      payload: { Name: 'Assay {{id}} <b>Lab</b>' },
    });
    expect(created.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('shows a change made through the API in Chinese and in English, in the list', async () => {
    const zh = await contents('zh-CN', { module: 'orgDpt' });
    const en = await contents('en-US', { module: 'orgDpt' });
    expect(zh[0]).toMatch(/^创建了部门 Assay \{\{id\}\} <b>Lab<\/b>（#\d+）$/);
    expect(en[0]).toMatch(/^Created department Assay \{\{id\}\} <b>Lab<\/b> \(#\d+\)$/);
  });

  it('shows the same rows in the reader’s language in the export', async () => {
    const zh = await exported('zh-CN', { module: 'orgDpt' });
    const en = await exported('en-US', { module: 'orgDpt' });
    expect(zh).toHaveLength(1);
    expect(zh[0]).toMatch(/^创建了部门 Assay \{\{id\}\} <b>Lab<\/b>（#\d+）$/);
    expect(en[0]).toMatch(/^Created department Assay \{\{id\}\} <b>Lab<\/b> \(#\d+\)$/);
  });

  it('shows rows written before message keys as they were stored, in either language', async () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      expect(await contents(language)).toContain('Legacy row: removed member Old Timer');
      expect(await exported(language)).toContain('Legacy row: removed member Old Timer');
    }
  });

  it('finds a new row by a word of its content in either language, and old rows by their text', async () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const byChinese = await contents(language, { keyword: '创建了部门' });
      const byEnglish = await contents(language, { keyword: 'CREATED DEPARTMENT' });
      expect(byChinese).toHaveLength(1);
      expect(byEnglish).toEqual(byChinese);
    }
    expect(await contents('en-US', { keyword: 'old timer' })).toEqual([
      'Legacy row: removed member Old Timer',
    ]);
    expect(await contents('en-US', { keyword: '部门 Assay', module: 'member' })).toEqual([]);
    // Another organisation's search finds none of these rows.
    expect(await contents('en-US', { keyword: 'department' }, otherAdmin)).toEqual([]);
  });

  it('keeps a name that opens the content from becoming a formula in the export', async () => {
    // In Chinese the menu-access message starts with its target, here a member's name typed as a formula.
    await createRepositories(t.database.db).operationLogs.insert({
      orgId,
      operatorId: null,
      operatorName: 'operator-cli',
      module: 'authorize',
      content: logMessage('operationLog.content.menuAccessInherited', {
        target: logList(['=HYPERLINK("http://evil.example","x")']),
      }),
      now: t.clock.now(),
    });
    const zh = await exported('zh-CN', { module: 'authorize' });
    expect(zh[0]).toBe('\'=HYPERLINK("http://evil.example","x") 的菜单权限恢复为角色默认');
    const en = await contents('en-US', { module: 'authorize' });
    expect(en[0]).toBe('Menu access of =HYPERLINK("http://evil.example","x") back to their role menus');
  });
});
