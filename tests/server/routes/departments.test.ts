import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('departments (orgDpt) on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let otherAdmin: string;
  let labOrg: number;
  let memberId: number;
  let outsiderId: number;

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { ...t.signed(), cookie }, ...(payload ? { payload } : {}) });
  const create = async (cookie: string, body: object) => request('POST', '/api/department', cookie, body);
  const tree = async (cookie = admin) => (await request('GET', '/api/department/tree', cookie)).json().data;
  const logCount = async (orgId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('operation_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .where('module', '=', 'orgDpt')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Lab', {
      admin: { account: 'admin@dept.example' },
      members: [{ realName: 'Mia Member', account: 'member@dept.example' }],
    });
    labOrg = lab.orgId;
    memberId = lab.members[0].id;
    const other = await createTestOrganization(t, 'Other', {
      admin: { account: 'admin@other-dept.example' },
    });
    outsiderId = other.admin.id;
    admin = (await signIn(t, 'admin@dept.example')).cookie;
    member = (await signIn(t, 'member@dept.example')).cookie;
    otherAdmin = (await signIn(t, 'admin@other-dept.example')).cookie;
  });
  afterAll(() => t.close());

  it('starts with an empty tree', async () => {
    expect(await tree()).toEqual([]);
  });

  it('builds a tree with manager and description, logging every change', async () => {
    const rd = (await create(admin, { Name: ' R&D ', ManagerID: memberId, Description: 'Research' })).json();
    expect(rd.code).toBe(100);
    const chem = (await create(admin, { Name: 'Chemistry', ParentID: rd.data.ID })).json().data.ID;
    await create(admin, { Name: 'Synthesis', ParentID: chem });
    const [root] = await tree();
    expect(root).toMatchObject({
      Name: 'R&D',
      ManagerID: memberId,
      ManagerName: 'Mia Member',
      Description: 'Research',
      ParentID: null,
    });
    expect(root.Children[0].Name).toBe('Chemistry');
    expect(root.Children[0].Children[0].Name).toBe('Synthesis');
    expect(await logCount(labOrg)).toBe(3);
  });

  it('refuses a name its siblings use and all-space names, changing nothing', async () => {
    const before = await tree();
    const repeated = await create(admin, { Name: 'r&d' });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().error.key).toBe('errors.departments.nameRepeated');
    const blank = await create(admin, { Name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.key).toBe('errors.validation.allSpaces');
    expect(await tree()).toEqual(before);
  });

  it('renames, moves and sets the manager and description', async () => {
    const [root] = await tree();
    const chem = root.Children[0];
    const renamed = await request('PUT', `/api/department/${chem.ID}`, admin, {
      Name: 'Chem',
      ParentID: null,
      ManagerID: null,
      Description: 'moved up',
    });
    expect(renamed.statusCode).toBe(200);
    const roots = await tree();
    expect(roots.map((d: { Name: string }) => d.Name)).toEqual(['Chem', 'R&D']);
    expect(roots[0]).toMatchObject({ ParentID: null, Description: 'moved up', ManagerID: null });
    await request('PUT', `/api/department/${chem.ID}`, admin, { ParentID: root.ID });
  });

  it('refuses a move under the department itself or its own child, with a clear key', async () => {
    const [root] = await tree();
    const child = root.Children[0];
    const grandchild = child.Children[0];
    const before = await tree();
    const self = await request('PUT', `/api/department/${root.ID}`, admin, { ParentID: root.ID });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.key).toBe('errors.departments.moveUnderItself');
    for (const below of [child.ID, grandchild.ID]) {
      const response = await request('PUT', `/api/department/${root.ID}`, admin, { ParentID: below });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.departments.moveUnderDescendant');
      expect(response.json().message).toBe('不能把部门移动到它自己的下级部门下面');
    }
    const english = await t.app.inject({
      method: 'PUT',
      url: `/api/department/${root.ID}`,
      headers: { ...t.signed(), cookie: admin, 'accept-language': 'en-US' },
      payload: { ParentID: child.ID },
    });
    expect(english.json().message).toBe("A department can't be moved under one of its own sub-departments");
    expect(await tree()).toEqual(before);
  });

  it('lets only one of two crossing moves through, so no loop can form', async () => {
    const a = (await create(admin, { Name: 'Cross A' })).json().data.ID;
    const b = (await create(admin, { Name: 'Cross B' })).json().data.ID;
    const [aUnderB, bUnderA] = await Promise.all([
      request('PUT', `/api/department/${a}`, admin, { ParentID: b }),
      request('PUT', `/api/department/${b}`, admin, { ParentID: a }),
    ]);
    expect([aUnderB.statusCode, bUnderA.statusCode].sort()).toEqual([200, 400]);
    const refused = aUnderB.statusCode === 400 ? aUnderB : bUnderA;
    expect(refused.json().error.key).toBe('errors.departments.moveUnderDescendant');
    const links = await t.database.db
      .selectFrom('departments')
      .select(['id', 'parent_id'])
      .where('id', 'in', [a, b])
      .execute();
    expect(links.filter((row) => row.parent_id !== null)).toHaveLength(1);
    // Put them back out of the way of the next cases.
    const child = links.find((row) => row.parent_id !== null);
    await request('DELETE', `/api/department/${child?.id}`, admin);
    await request('DELETE', `/api/department/${child?.parent_id}`, admin);
  });

  it('deletes only an empty department, saying what is still in it', async () => {
    const [root] = await tree();
    const hasChildren = await request('DELETE', `/api/department/${root.ID}`, admin);
    expect(hasChildren.statusCode).toBe(409);
    expect(hasChildren.json().error.key).toBe('errors.departments.hasChildren');

    const staffed = (await create(admin, { Name: 'Staffed' })).json().data.ID;
    await t.database.db
      .updateTable('accounts')
      .set({ dept_id: staffed })
      .where('id', '=', memberId)
      .execute();
    const hasMembers = await request('DELETE', `/api/department/${staffed}`, admin);
    expect(hasMembers.statusCode).toBe(409);
    expect(hasMembers.json().error.key).toBe('errors.departments.hasMembers');
    expect((await tree()).find((d: { ID: number }) => d.ID === staffed).MemberCount).toBe(1);
    await t.database.db.updateTable('accounts').set({ dept_id: null }).where('id', '=', memberId).execute();

    const logs = await logCount(labOrg);
    const deleted = await request('DELETE', `/api/department/${staffed}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect((await tree()).some((d: { ID: number }) => d.ID === staffed)).toBe(false);
    expect(await logCount(labOrg)).toBe(logs + 1);
  });

  it('refuses a manager from another organisation', async () => {
    const response = await create(admin, { Name: 'Foreign boss', ManagerID: outsiderId });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe('errors.departments.managerNotMember');
  });

  it('keeps organisation B out of organisation A’s departments, with guessed ids', async () => {
    const [root] = await tree();
    expect(await tree(otherAdmin)).toEqual([]);
    const read = await request('GET', `/api/department/${root.ID}`, otherAdmin);
    expect(read.statusCode).toBe(404);
    const rename = await request('PUT', `/api/department/${root.ID}`, otherAdmin, { Name: 'Hijacked' });
    expect(rename.statusCode).toBe(404);
    const remove = await request('DELETE', `/api/department/${root.Children[0].Children[0].ID}`, otherAdmin);
    expect(remove.statusCode).toBe(404);
    const under = await create(otherAdmin, { Name: 'Under A', ParentID: root.ID });
    expect(under.statusCode).toBe(404);
    expect(under.json().error.key).toBe('errors.departments.parentNotFound');
    const mine = (await create(otherAdmin, { Name: 'Mine' })).json().data.ID;
    const moveIntoA = await request('PUT', `/api/department/${mine}`, otherAdmin, { ParentID: root.ID });
    expect(moveIntoA.statusCode).toBe(404);
    expect((await tree())[0].Name).toBe('R&D');
  });

  it('answers a member 403 on every department endpoint, changing nothing', async () => {
    const [root] = await tree();
    const calls = [
      request('GET', '/api/department/tree', member),
      request('GET', `/api/department/${root.ID}`, member),
      create(member, { Name: 'Member made' }),
      request('PUT', `/api/department/${root.ID}`, member, { Name: 'x' }),
      request('DELETE', `/api/department/${root.ID}`, member),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
    expect((await tree())[0].Name).toBe('R&D');
  });

  it('matches the paths case-insensitively', async () => {
    const response = await request('GET', '/api/Department/Tree', admin);
    expect(response.statusCode).toBe(200);
  });
});
