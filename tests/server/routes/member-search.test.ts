import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/**
 * Member search finds a keyword anywhere in a name, mobile number or email (issue 23, item 5): the member
 * list, former members and the unrestricted-member picker, from the n-gram index of migration 0030, kept
 * in step with every change to a member.
 */
const MEMBERS = [
  { realName: '周一 Zhou Yi', account: '13900000101' },
  { realName: 'Emma Import', account: 'emma@demo-lab.test' },
  { realName: '王晨 Wang Chen', account: '13900000102' },
  { realName: 'Mobile Person', account: '13900000103' },
  { realName: 'Ivy Other', account: 'ivy@elsewhere.test' },
  { realName: 'Pat Leaver', account: 'pat@elsewhere.test' },
  { realName: 'Odd "Quote" 100%', account: 'odd@elsewhere.test' },
];

describe.each(engines())('member search anywhere on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Demo Lab', {
      admin: { account: 'admin@demo-lab.test', realName: 'Demo Admin' },
      members: MEMBERS,
    });
    for (const [index, member] of lab.members.entries()) ids[MEMBERS[index].realName] = member.id;
    await createTestOrganization(t, 'Rival Lab', {
      admin: { account: 'admin@rival-lab.test', realName: 'Rival Admin' },
      members: [{ realName: 'Zhou Rival', account: 'zhou@demo-lab-rival.test' }],
    });
    cookie = (await signIn(t, 'admin@demo-lab.test')).cookie;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie }, payload });
  const names = (rows: Array<{ RealName: string }>) => rows.map((row) => row.RealName).sort();
  const members = async (keyword: string) => {
    const response = await call('POST', '/api/account/managePage', { keyword, pageSize: 100 });
    expect(response.statusCode).toBe(200);
    const { rows, total } = response.json().data;
    expect(rows).toHaveLength(total);
    return names(rows);
  };

  it.each([
    ['Zhou', ['周一 Zhou Yi']],
    ['hou y', ['周一 Zhou Yi']],
    ['import', ['Emma Import']],
    ['Wang', ['王晨 Wang Chen']],
    ['0103', ['Mobile Person']],
    ['０１０３', ['Mobile Person']],
    ['0000 0103', ['Mobile Person']],
    ['+86 139 0000 0103', ['Mobile Person']],
    ['demo-lab', ['Demo Admin', 'Emma Import']],
    ['@DEMO-LAB.TEST', ['Demo Admin', 'Emma Import']],
    ['lsewher', ['Ivy Other', 'Odd "Quote" 100%', 'Pat Leaver']],
    ['"quote"', ['Odd "Quote" 100%']],
    ['100%', ['Odd "Quote" 100%']],
    ['0%', ['Odd "Quote" 100%']],
    ['%', ['Odd "Quote" 100%']],
    ['_', []],
    ['zhouyi', []],
  ])('the member list finds %j in %j, in this organisation only', async (keyword, expected) => {
    expect(await members(keyword)).toEqual(expected);
  });

  it.each([
    ['晨', ['王晨 Wang Chen']],
    ['一', ['周一 Zhou Yi']],
    ['yi', ['周一 Zhou Yi']],
    ['Ｙｉ', ['周一 Zhou Yi']],
    ['3', ['Mobile Person', '周一 Zhou Yi', '王晨 Wang Chen']],
    ['02', ['王晨 Wang Chen']],
    ['"', ['Odd "Quote" 100%']],
    ['qz', []],
  ])('a keyword of one or two characters, %j, finds %j anywhere too', async (keyword, expected) => {
    expect(await members(keyword)).toEqual(expected);
  });

  it('pages a search in id order, every page the same total', async () => {
    const all = (await call('POST', '/api/account/managePage', { keyword: 'e', pageSize: 100 })).json().data;
    expect(all.total).toBeGreaterThan(3);
    const walked = [];
    for (let pageIndex = 1; pageIndex <= all.total; pageIndex += 1) {
      const next = (
        await call('POST', '/api/account/managePage', { keyword: 'e', pageIndex, pageSize: 1 })
      ).json().data;
      expect(next.total).toBe(all.total);
      walked.push(...next.rows);
    }
    expect(walked).toEqual(all.rows);
    const walkedIds = walked.map((row: { ID: number }) => row.ID);
    expect(walkedIds).toEqual([...walkedIds].sort((a, b) => a - b));
  });

  it('follows an edit of the name and the account at once', async () => {
    const id = ids['Ivy Other'];
    const edited = await call('PUT', `/api/account/modify/${id}`, {
      RealName: 'Ivy Renamed',
      Account: '13911112222',
    });
    expect(edited.statusCode).toBe(200);
    expect(await members('renamed')).toEqual(['Ivy Renamed']);
    expect(await members('1111')).toEqual(['Ivy Renamed']);
    expect(await members('other')).toEqual([]);
    expect(await members('ivy@else')).toEqual([]);
  });

  it('finds former members anywhere in their name, and no longer among members', async () => {
    const removed = await call('POST', '/api/account/remove', { IDs: [ids['Pat Leaver']] });
    expect(removed.statusCode).toBe(200);
    expect(await members('leaver')).toEqual([]);
    for (const keyword of ['leaver', 't le', 'pat@else', 'le']) {
      const history = (await call('POST', '/api/accountsHistory/page', { keyword })).json().data;
      expect(names(history.rows)).toEqual(['Pat Leaver']);
    }
    const restored = await call('POST', '/api/accountsHistory/recovery', { IDs: [ids['Pat Leaver']] });
    expect(restored.statusCode).toBe(200);
    expect(await members('t le')).toEqual(['Pat Leaver']);
    const history = (await call('POST', '/api/accountsHistory/page', { keyword: 'leaver' })).json().data;
    expect(history.total).toBe(0);
  });

  it('forgets a member deleted outright', async () => {
    const { db } = t.database;
    const row = await db
      .insertInto('accounts')
      .values({
        ...(await db
          .selectFrom('accounts')
          .selectAll()
          .where('id', '=', ids['Mobile Person'])
          .executeTakeFirstOrThrow()),
        id: undefined,
        real_name: 'Transient Tess',
        mobile: '13955556666',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await members('transient')).toEqual(['Transient Tess']);
    await db.deleteFrom('accounts').where('id', '=', Number(row.id)).execute();
    expect(await members('transient')).toEqual([]);
    expect(await members('5555')).toEqual([]);
  });

  it('reads a filter again after any change it depends on, made straight in the database too', async () => {
    // As another instance (or an operator's SQL) would change them: nothing of this process is told.
    const { db } = t.database;
    const lab = await createTestOrganization(t, 'Cache Lab', {
      products: ['ELN'],
      admin: { account: 'admin@cache-lab.test', realName: 'Cache Admin' },
      members: [
        { realName: 'Kim Keeper', account: 'kim@cache-lab.test' },
        { realName: 'Lee Keeper', account: 'lee@cache-lab.test' },
      ],
    });
    const [kim, lee] = lab.members.map((member) => member.id);
    const admin = (await signIn(t, 'admin@cache-lab.test')).cookie;
    const page = async (query: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/managePage',
        headers: { ...t.signed(), cookie: admin },
        payload: { pageSize: 100, ...query },
      });
      expect(response.statusCode).toBe(200);
      const { rows, total } = response.json().data as { rows: Array<{ RealName: string }>; total: number };
      return { total, names: names(rows) };
    };
    const change = (values: object, id: number) =>
      db.updateTable('accounts').set(values).where('id', '=', id).execute();

    expect(await page({ keyword: 'keeper' })).toEqual({ total: 2, names: ['Kim Keeper', 'Lee Keeper'] });
    await change({ real_name: 'Kim Finder' }, kim);
    expect(await page({ keyword: 'keeper' })).toEqual({ total: 1, names: ['Lee Keeper'] });
    expect(await page({ keyword: 'ind' })).toEqual({ total: 1, names: ['Kim Finder'] });

    expect(await page({ locked: true })).toEqual({ total: 0, names: [] });
    await change({ status: 'locked' }, lee);
    expect(await page({ locked: true })).toEqual({ total: 1, names: ['Lee Keeper'] });

    expect(await page({ isAdmin: true })).toEqual({ total: 1, names: ['Cache Admin'] });
    await change({ is_org_admin: 1 }, kim);
    expect(await page({ isAdmin: true })).toEqual({ total: 2, names: ['Cache Admin', 'Kim Finder'] });

    expect(await page({ product: 'ELN' })).toEqual({ total: 0, names: [] });
    const eln = await db
      .selectFrom('products')
      .select('id')
      .where('code', '=', 'ELN')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('account_products')
      .values({ org_id: lab.orgId, account_id: lee, product_id: eln.id, granted_at: 0 })
      .execute();
    expect(await page({ product: 'ELN' })).toEqual({ total: 1, names: ['Lee Keeper'] });
    await db.deleteFrom('account_products').where('account_id', '=', lee).execute();
    expect(await page({ product: 'ELN' })).toEqual({ total: 0, names: [] });

    await db.deleteFrom('accounts').where('id', '=', lee).execute();
    expect(await page({ keyword: 'keeper' })).toEqual({ total: 0, names: [] });
    // A sign-in changes nothing the list filters on, and leaves what it found as it was.
    const before = await db.selectFrom('organizations').select('members_version').where('id', '=', lab.orgId);
    const version = (await before.executeTakeFirstOrThrow()).members_version;
    await signIn(t, 'kim@cache-lab.test');
    expect((await before.executeTakeFirstOrThrow()).members_version).toBe(version);
  });

  it('the unrestricted-member picker and list find a keyword anywhere', async () => {
    const options = async (keyword: string) =>
      (
        (await call('GET', `/api/ipunlimited/optionalAccounts?keyword=${encodeURIComponent(keyword)}`)).json()
          .data as Array<{ RealName: string }>
      )
        .map((row) => row.RealName)
        .sort();
    expect(await options('hou')).toEqual(['周一 Zhou Yi']);
    expect(await options('import')).toEqual(['Emma Import']);
    expect(await options('０１０３')).toEqual(['Mobile Person']);
    expect(await options('0000 0102')).toEqual(['王晨 Wang Chen']);
    expect(await options('晨')).toEqual(['王晨 Wang Chen']);
    const added = await call('POST', '/api/ipunlimited', { accountIds: [ids['周一 Zhou Yi']] });
    expect(added.statusCode).toBe(200);
    const listed = (await call('POST', '/api/ipunlimited/pages', { pageIndex: 1, keyword: 'ou y' })).json()
      .data;
    expect(listed).toMatchObject({ total: 1, rows: [{ RealName: '周一 Zhou Yi' }] });
  });
});
