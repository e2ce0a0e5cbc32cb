import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

type Method = 'GET' | 'POST' | 'PUT';
interface Call {
  method: Method;
  url: string;
  payload?: object | Buffer;
  contentType?: string;
}

const MEMBER_PAGES = ['info', 'person', 'password', 'loginLog', 'signature'];

/**
 * The personal centre's pages hidden from members (Menu/user/save for their role type): the endpoints of
 * those pages refuse them too, on every engine; another member's basic info is the Members screen's.
 */
describe.each(engines())('personal pages hidden on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let ann: string;
  let annId: number;
  let adminId: number;

  const call = (cookie: string, { method, url, payload, contentType }: Call) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload ? { payload } : {}),
    });
  const saveMenus = async (body: object) => {
    const saved = await call(admin, { method: 'POST', url: '/api/Menu/user/save', payload: body });
    expect(saved.json().code).toBe(100);
  };
  const status = async (cookie: string, request: Call) => (await call(cookie, request)).statusCode;
  const expectRefused = async (cookie: string, request: Call) => {
    const response = await call(cookie, request);
    expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 403 });
    expect(response.json().error.key).toBe('errors.auth.noPermission');
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Personal Pages Lab', {
      admin: { account: 'admin@personal-pages.example' },
      members: [{ realName: 'Ann', account: 'ann@personal-pages.example' }],
    });
    adminId = lab.admin.id;
    [annId] = lab.members.map((member) => member.id);
    admin = (await signIn(t, 'admin@personal-pages.example')).cookie;
    ann = (await signIn(t, 'ann@personal-pages.example')).cookie;
  });
  afterAll(() => t.close());

  it('basic info: a member with the page hidden cannot read their own', async () => {
    const basic: Call = { method: 'GET', url: `/api/account/basic/${annId}` };
    expect(await status(ann, basic)).toBe(200);
    await saveMenus({ RoleType: 'member', Codes: MEMBER_PAGES.filter((code) => code !== 'info') });
    await expectRefused(ann, basic);
    await saveMenus({ RoleType: 'member', Codes: MEMBER_PAGES });
    expect(await status(ann, basic)).toBe(200);
  });

  it('personal info: its reads and changes refuse a member it is hidden from, and change nothing', async () => {
    const detail: Call = { method: 'GET', url: `/api/account/manageDetail/${annId}` };
    expect(await status(ann, detail)).toBe(200);
    await saveMenus({ RoleType: 'member', Codes: MEMBER_PAGES.filter((code) => code !== 'person') });
    await expectRefused(ann, detail);
    await expectRefused(ann, {
      method: 'PUT',
      url: `/api/account/manageModify/${annId}`,
      payload: { RealName: 'Renamed Ann' },
    });
    await expectRefused(ann, {
      method: 'POST',
      url: '/api/verificationCode/email',
      payload: { account: 'new-ann@personal-pages.example', checkType: 3 },
    });
    await expectRefused(ann, {
      method: 'PUT',
      url: '/api/account/modifyEmail',
      payload: { accountId: annId, email: 'new-ann@personal-pages.example', verificationCode: '123456' },
    });
    await expectRefused(ann, {
      method: 'POST',
      url: '/api/account/photo',
      contentType: 'image/png',
      payload: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    const row = await t.database.db
      .selectFrom('accounts')
      .select(['real_name', 'email'])
      .where('id', '=', annId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ real_name: 'Ann', email: 'ann@personal-pages.example' });
    await saveMenus({ RoleType: 'member', Codes: MEMBER_PAGES });
    expect(await status(ann, detail)).toBe(200);
  });

  it("another member's basic info is the Members screen's: refused to an administrator it is hidden from", async () => {
    const annBasic: Call = { method: 'GET', url: `/api/account/basic/${annId}` };
    const ownBasic: Call = { method: 'GET', url: `/api/account/basic/${adminId}` };
    expect(await status(admin, annBasic)).toBe(200);
    await saveMenus({ RoleType: 'admin', AccountIDs: [adminId], Codes: ['info', 'password', 'authorize'] });
    await expectRefused(admin, annBasic);
    expect(await status(admin, ownBasic)).toBe(200);
    await saveMenus({ RoleType: 'admin', AccountIDs: [adminId], Codes: [], Inherit: true });
    expect(await status(admin, annBasic)).toBe(200);
  });
});
