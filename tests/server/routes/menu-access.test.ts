import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const MEMBER_PAGES = ['info', 'person', 'password', 'loginLog', 'signature'];

describe.each(engines())('menu-page access (Menu/tree, Menu/users, Menu/user/save) on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let secondAdmin: string;
  let ann: string;
  let bob: string;
  let otherAdmin: string;
  let adminId: number;
  let secondAdminId: number;
  let annId: number;
  let bobId: number;

  const request = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie }, ...(payload ? { payload } : {}) });
  const save = (cookie: string, body: object) => request('POST', '/api/Menu/user/save', cookie, body);
  const loginLog = (cookie: string) => request('POST', '/api/loginLog/page', cookie, {});
  const userTree = async (cookie: string) => {
    const tree = (await request('GET', '/api/Menu/user/tree', cookie)).json().data as Array<{
      Code: string;
      HasAuth: boolean;
      Children: Array<{ Code: string; HasAuth: boolean }>;
    }>;
    return tree
      .flatMap((group) => [group, ...group.Children])
      .filter((m) => m.HasAuth)
      .map((m) => m.Code);
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Lab', {
      admin: { account: 'admin@menus.example' },
      members: [
        { realName: 'Second Admin', account: 'second@menus.example', isOrgAdmin: true },
        { realName: 'Ann', account: 'ann@menus.example' },
        { realName: 'Bob', account: 'bob@menus.example' },
      ],
    });
    adminId = lab.admin.id;
    [secondAdminId, annId, bobId] = lab.members.map((m) => m.id);
    await createTestOrganization(t, 'Other', { admin: { account: 'admin@other-menus.example' } });
    admin = (await signIn(t, 'admin@menus.example')).cookie;
    secondAdmin = (await signIn(t, 'second@menus.example')).cookie;
    ann = (await signIn(t, 'ann@menus.example')).cookie;
    bob = (await signIn(t, 'bob@menus.example')).cookie;
    otherAdmin = (await signIn(t, 'admin@other-menus.example')).cookie;
  });
  afterAll(() => t.close());

  it("gives a role type's tree with only the menus it may be given", async () => {
    const member = (await request('GET', '/api/Menu/tree?roleType=member', admin)).json().data;
    expect(member.Tree.map((m: { Code: string }) => m.Code)).toEqual(['personalCenter']);
    expect(member.Tree[0].Children.map((m: { Code: string }) => m.Code)).toEqual(MEMBER_PAGES);
    expect(member.AlwaysOn).toContain('password');
    const adminTree = (await request('GET', '/api/Menu/tree?roleType=admin', admin)).json().data;
    expect(adminTree.Tree.map((m: { Code: string }) => m.Code)).toEqual([
      'personalCenter',
      'organization',
      'components',
      'openness',
    ]);
  });

  it('hides a page from every member: their tree lacks it and the server refuses its endpoints', async () => {
    expect((await loginLog(ann)).statusCode).toBe(200);
    const saved = await save(admin, {
      RoleType: 'member',
      Codes: ['info', 'person', 'password', 'signature'],
    });
    expect(saved.json().code).toBe(100);
    expect(await userTree(ann)).not.toContain('loginLog');
    const refused = await loginLog(ann);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.key).toBe('errors.auth.noPermission');
    // Administrators are another role type: their log stays.
    expect((await loginLog(admin)).statusCode).toBe(200);
    const users = (await request('GET', '/api/Menu/users?roleType=member&menuId=loginLog', admin)).json()
      .data;
    expect(users.rows.map((u: { RealName: string; HasAuth: boolean }) => [u.RealName, u.HasAuth])).toEqual([
      ['Ann', false],
      ['Bob', false],
    ]);
  });

  it("gives one member their own menus over the role's, and puts them back", async () => {
    const own = await save(admin, { RoleType: 'member', AccountIDs: [bobId], Codes: [...MEMBER_PAGES] });
    expect(own.json().code).toBe(100);
    expect((await loginLog(bob)).statusCode).toBe(200);
    expect((await loginLog(ann)).statusCode).toBe(403);
    const bobTree = (await request('GET', `/api/Menu/tree?roleType=member&accountId=${bobId}`, admin)).json()
      .data;
    expect(bobTree.Custom).toBe(true);
    const users = (await request('GET', '/api/Menu/users?roleType=member&menuId=loginLog', admin)).json()
      .data;
    expect(users.rows.find((u: { ID: number }) => u.ID === bobId)).toMatchObject({
      HasAuth: true,
      Custom: true,
    });
    await save(admin, { RoleType: 'member', AccountIDs: [bobId], Codes: [], Inherit: true });
    expect((await loginLog(bob)).statusCode).toBe(403);
    await save(admin, { RoleType: 'member', Codes: MEMBER_PAGES });
    expect((await loginLog(ann)).statusCode).toBe(200);
  });

  it('refuses hiding the password page, a menu the role cannot have and a member of another role', async () => {
    const password = await save(admin, { RoleType: 'member', Codes: ['info'] });
    expect(password.statusCode).toBe(400);
    expect(password.json().error.key).toBe('errors.menuAccess.alwaysOn');
    const adminPage = await save(admin, { RoleType: 'member', Codes: [...MEMBER_PAGES, 'orgInfo'] });
    expect(adminPage.json().error.key).toBe('errors.menuAccess.unknownMenu');
    const wrongRole = await save(admin, { RoleType: 'admin', AccountIDs: [annId], Codes: ['password'] });
    expect(wrongRole.json().error.key).toBe('errors.menuAccess.wrongRole');
    expect(await userTree(ann)).toContain('loginLog');
  });

  it('never lets an administrator take this screen from themself, but from another administrator', async () => {
    const adminCodes = (await request('GET', '/api/Menu/tree?roleType=admin', admin))
      .json()
      .data.Tree.flatMap((group: { Code: string; Children: Array<{ Code: string }> }) =>
        group.Children.map((c) => c.Code),
      ) as string[];
    const without = adminCodes.filter((code) => code !== 'authorize');
    const role = await save(admin, { RoleType: 'admin', Codes: without });
    expect(role.statusCode).toBe(409);
    expect(role.json().error.key).toBe('errors.menuAccess.ownAccess');
    const self = await save(admin, {
      RoleType: 'admin',
      AccountIDs: [adminId, secondAdminId],
      Codes: without,
    });
    expect(self.statusCode).toBe(409);
    expect(await userTree(secondAdmin)).toContain('authorize');
    const other = await save(admin, { RoleType: 'admin', AccountIDs: [secondAdminId], Codes: without });
    expect(other.json().code).toBe(100);
    expect(await userTree(secondAdmin)).not.toContain('authorize');
    expect((await request('GET', '/api/Menu/tree?roleType=member', secondAdmin)).statusCode).toBe(403);
    expect((await request('GET', '/api/account/authorize', secondAdmin)).statusCode).toBe(403);
    await save(admin, { RoleType: 'admin', AccountIDs: [secondAdminId], Codes: [], Inherit: true });
    expect((await request('GET', '/api/account/authorize', secondAdmin)).statusCode).toBe(200);
  });

  it("keeps organisation B's administrator away from organisation A's members", async () => {
    const tree = await request('GET', `/api/Menu/tree?roleType=member&accountId=${annId}`, otherAdmin);
    expect(tree.statusCode).toBe(404);
    const saved = await save(otherAdmin, { RoleType: 'member', AccountIDs: [annId], Codes: ['password'] });
    expect(saved.statusCode).toBe(404);
    const users = (await request('GET', '/api/Menu/users?roleType=member', otherAdmin)).json().data;
    expect(users.total).toBe(0);
    // B hiding the log from its members does not touch A's.
    await save(otherAdmin, { RoleType: 'member', Codes: ['password'] });
    expect((await loginLog(ann)).statusCode).toBe(200);
  });

  it('refuses members calling the menu-access endpoints', async () => {
    expect((await request('GET', '/api/Menu/tree?roleType=member', ann)).statusCode).toBe(403);
    expect((await request('GET', '/api/Menu/users?roleType=member', ann)).statusCode).toBe(403);
    const saved = await save(ann, { RoleType: 'member', AccountIDs: [annId], Codes: MEMBER_PAGES });
    expect(saved.statusCode).toBe(403);
  });
});
