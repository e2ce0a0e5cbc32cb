import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurableMenus, MENU_CATALOGUE, menuCodes } from '../../../domain/rules/menu-tree';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { memberWorkbook } from '../../helpers/member-import-files';
import { engines } from '../../helpers/test-database';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ADMIN_CODES = menuCodes(configurableMenus(MENU_CATALOGUE, 'admin'));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object | Buffer;
  contentType?: string;
}

/**
 * Hiding a page from an administrator (Menu/user/save, for them or for every administrator) refuses the
 * endpoints of that page, on every engine; an endpoint several pages call stays open while one of them is.
 */
describe.each(engines())('pages hidden from an administrator on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let second: string;
  let secondId: number;
  let memberId: number;

  const call = (cookie: string, { method, url, payload, contentType }: Call) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...t.signed(),
        cookie,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const saveMenus = async (body: object) => {
    const saved = await call(admin, { method: 'POST', url: '/api/Menu/user/save', payload: body });
    expect(saved.json().code).toBe(100);
  };
  /** The second administrator's own menus: every administrator page but `hidden`. */
  const hideFromSecond = (hidden: string[]) =>
    saveMenus({
      RoleType: 'admin',
      AccountIDs: [secondId],
      Codes: ADMIN_CODES.filter((code) => !hidden.includes(code)),
    });
  const restoreSecond = () =>
    saveMenus({ RoleType: 'admin', AccountIDs: [secondId], Codes: [], Inherit: true });
  const expectRefused = async (cookie: string, request: Call) => {
    const response = await call(cookie, request);
    expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 403 });
    expect(response.json().error.key).toBe('errors.auth.noPermission');
  };
  const expectAnswered = async (cookie: string, request: Call) => {
    const response = await call(cookie, request);
    expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 200 });
  };
  const operationLogRows = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('operation_logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Hidden Pages Lab', {
      admin: { account: 'admin@hidden-pages.example' },
      members: [
        { realName: 'Second Admin', account: 'second@hidden-pages.example', isOrgAdmin: true },
        { realName: 'Member', account: 'member@hidden-pages.example' },
      ],
    });
    [secondId, memberId] = lab.members.map((member) => member.id);
    admin = (await signIn(t, 'admin@hidden-pages.example')).cookie;
    second = (await signIn(t, 'second@hidden-pages.example')).cookie;
  });
  afterAll(() => t.close());

  it('system settings: the IP whitelist, unrestricted members, password policy and watermark', async () => {
    const reads: Call[] = [
      { method: 'GET', url: '/api/ipwhitelist' },
      { method: 'POST', url: '/api/ipunlimited/pages', payload: {} },
      { method: 'GET', url: '/api/ipunlimited/optionalAccounts' },
      { method: 'GET', url: '/api/organizationConfig/passwordPolicy' },
      { method: 'GET', url: '/api/Watermark' },
      { method: 'GET', url: '/api/organizationConfig/ldap' },
    ];
    for (const read of reads) await expectAnswered(second, read);
    const policy = (await call(admin, reads[3])).json().data;
    await hideFromSecond(['systemSetting']);
    for (const read of reads) await expectRefused(second, read);
    await expectRefused(second, {
      method: 'POST',
      url: '/api/ipwhitelist',
      payload: { IpList: '10.9.0.0/16', Confirmed: true },
    });
    await expectRefused(second, {
      method: 'PUT',
      url: '/api/organizationConfig/passwordPolicy',
      payload: { ...policy, MinLength: policy.MinLength + 1 },
    });
    // Nothing changed, and the administrator who still has the page reads it.
    expect((await call(admin, reads[0])).json().data.IpList).not.toContain('10.9.0.0/16');
    expect((await call(admin, reads[3])).json().data.MinLength).toBe(policy.MinLength);
    await restoreSecond();
    for (const read of reads) await expectAnswered(second, read);
  });

  it('operation log: its list, operators and export', async () => {
    const requests: Call[] = [
      { method: 'POST', url: '/api/operationLog/page', payload: {} },
      { method: 'GET', url: '/api/operationLog/operators' },
      { method: 'POST', url: '/api/operationLog/exportOperationLog', payload: {} },
    ];
    for (const request of requests) await expectAnswered(second, request);
    await hideFromSecond(['operationLog']);
    const rows = await operationLogRows();
    for (const request of requests) await expectRefused(second, request);
    // The refused export wrote no operation-log row.
    expect(await operationLogRows()).toBe(rows);
    await expectAnswered(admin, requests[0]);
    await restoreSecond();
  });

  it('hidden from every administrator (their role type), the operation log refuses them all', async () => {
    const page: Call = { method: 'POST', url: '/api/operationLog/page', payload: {} };
    await saveMenus({ RoleType: 'admin', Codes: ADMIN_CODES.filter((code) => code !== 'operationLog') });
    await expectRefused(admin, page);
    await expectRefused(second, page);
    await saveMenus({ RoleType: 'admin', Codes: ADMIN_CODES });
    await expectAnswered(admin, page);
  });

  it('electronic-signature settings: esign/save', async () => {
    const save = (MinLength: number): Call => ({
      method: 'POST',
      url: '/api/esign/save',
      payload: { Enabled: true, Strength: 'medium', MinLength, AllowSameAsLogin: false },
    });
    await expectAnswered(second, save(7));
    await hideFromSecond(['esignSetting']);
    await expectRefused(second, save(9));
    expect((await call(admin, { method: 'GET', url: '/api/Esign' })).json().data.MinLength).toBe(7);
    await restoreSecond();
  });

  it('members: SSO import and its template, removal check, unlock', async () => {
    const template: Call = { method: 'GET', url: '/api/ssoAccount/import/template' };
    await expectAnswered(second, template);
    await hideFromSecond(['member']);
    await expectRefused(second, template);
    await expectRefused(second, {
      method: 'POST',
      url: '/api/ssoAccount/import',
      contentType: XLSX,
      payload: await memberWorkbook(
        [['u-hidden-1', 'Hidden Import', '', '', '', '', '']],
        ['External ID', 'Name', 'Mobile', 'Email', 'Department', 'Direct superior', 'Products'],
      ),
    });
    await expectRefused(second, {
      method: 'POST',
      url: '/api/account/remove/check',
      payload: { IDs: [memberId] },
    });
    await expectRefused(second, { method: 'PUT', url: `/api/account/resetPwdLock/${memberId}` });
    const found = await t.database.db
      .selectFrom('accounts')
      .select('id')
      .where('real_name', '=', 'Hidden Import')
      .execute();
    expect(found).toEqual([]);
    await restoreSecond();
  });

  it('keeps an endpoint several pages call open while one of its pages is, and refuses it after the last', async () => {
    const tree: Call = { method: 'GET', url: '/api/department/tree' };
    const members: Call = { method: 'GET', url: '/api/account/managePage?pageIndex=1&pageSize=10' };
    const exportLog: Call = { method: 'POST', url: '/api/loginLog/exportLoginLog', payload: {} };
    // Members hidden: the departments screen and product authorisation still read them.
    await hideFromSecond(['member']);
    await expectAnswered(second, tree);
    await expectAnswered(second, members);
    await hideFromSecond(['member', 'orgDpt', 'authorize']);
    await expectRefused(second, members);
    // The organisation's login log filters by department.
    await expectAnswered(second, tree);
    await hideFromSecond(['member', 'orgDpt', 'authorize', 'orgLoginLog']);
    await expectRefused(second, tree);
    // The export is offered on the administrator's own login log too.
    await expectAnswered(second, exportLog);
    await hideFromSecond(['loginLog', 'orgLoginLog']);
    await expectRefused(second, exportLog);
    await restoreSecond();
    await expectAnswered(second, tree);
  });
});
