import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../domain/constants';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/** Issue 23: operation-log texts name departments and members by name, as the screens do, never by "#3". */
describe.each(engines())('operation-log texts name what they mean on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let chemistId: number;

  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie: admin }, payload });
  const contents = async (language: Language, module: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operationLog/page',
      headers: { ...t.signed(), cookie: admin, 'accept-language': language },
      payload: { module, pageSize: 100 },
    });
    expect(response.statusCode).toBe(200);
    return (response.json().data.rows as Array<{ Content: string }>).map((row) => row.Content);
  };
  const departmentId = async (name: string, parent: number | null = null) => {
    const response = await call('POST', '/api/department', { Name: name, ParentID: parent });
    expect(response.statusCode).toBe(200);
    return response.json().data.ID as number;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Names Lab', {
      admin: { account: 'admin@names.example' },
      members: [{ realName: 'Chemist Li', account: 'li@names.example' }],
    });
    chemistId = lab.members[0].id;
    admin = (await signIn(t, 'admin@names.example')).cookie;
  });
  afterAll(() => t.close());

  it('names the superior department of a new one, and where a department moved and who manages it', async () => {
    const synthesis = await departmentId('Synthesis');
    const analytics = await departmentId('Analytics');
    const assay = await departmentId('Assay', synthesis);
    const moved = await call('PUT', `/api/department/${assay}`, {
      ParentID: analytics,
      ManagerID: chemistId,
    });
    expect(moved.statusCode).toBe(200);

    const en = await contents('en-US', 'orgDpt');
    expect(en).toContain(`Created department Assay (#${assay}) under Synthesis`);
    expect(en).toContain(`Changed department Assay (#${assay}): moved under Analytics; manager Chemist Li`);
    const zh = await contents('zh-CN', 'orgDpt');
    expect(zh).toContain(`在部门 Synthesis 下创建了部门 Assay（#${assay}）`);
    expect(zh.find((text) => text.startsWith('修改了部门 Assay'))).toContain('移至 Analytics 下');
    expect(zh.find((text) => text.startsWith('修改了部门 Assay'))).toContain('负责人设为 Chemist Li');
    for (const text of [...en, ...zh]) expect(text).not.toMatch(/under #|#\d+ 下|manager #|负责人设为 #/);
  });

  it('names the department a member was moved to', async () => {
    const qc = await departmentId('Quality Control');
    const response = await call('POST', '/api/account/changeDept', { IDs: [chemistId], DeptID: qc });
    expect(response.statusCode).toBe(200);
    expect(await contents('en-US', 'member')).toContain(
      'Moved member Chemist Li (li@names.example) to department Quality Control',
    );
    expect(await contents('zh-CN', 'member')).toContain(
      '将成员 Chemist Li（li@names.example）调至部门 Quality Control',
    );
  });

  it('names the member and the department of a login-log export', async () => {
    const qc = await departmentId('Export Dept');
    const byDepartment = await call('POST', '/api/loginLog/exportLoginLog', { deptId: qc, timeZone: 'UTC' });
    expect(byDepartment.statusCode).toBe(200);
    const byMember = await call('POST', '/api/loginLog/exportLoginLog', {
      accountId: chemistId,
      timeZone: 'UTC',
    });
    expect(byMember.statusCode).toBe(200);
    const en = await contents('en-US', 'loginLog');
    expect(en.some((text) => text.includes('department Export Dept'))).toBe(true);
    expect(en.some((text) => text.includes('Chemist Li (li@names.example)'))).toBe(true);
    const zh = await contents('zh-CN', 'loginLog');
    expect(zh.some((text) => text.includes('部门 Export Dept'))).toBe(true);
    for (const text of [...en, ...zh]) expect(text).not.toMatch(/#\d/);
  });
});
