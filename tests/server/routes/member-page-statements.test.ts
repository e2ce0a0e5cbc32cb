import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/tables';
import { countingDatabase } from '../../helpers/counting-dialect';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

/** The statements of the request itself: background workers' polling on the same handle left out. */
const ofRequest = (seen: string[]) =>
  seen.filter((statement) => !/message_outbox|open_calls/.test(statement));

/**
 * An administrator turning the member list's pages (issue 23, item 5: at least 2,000 pages a second at
 * 100,000 members) pays per page for the session, the page's access check and the page itself: the check
 * reads the role's hidden pages, the administrator's own settings and the organisation's licences in one
 * statement.
 */
describe.each(engines())('the statements of a member-list page on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let db: Kysely<Database>;
  let cookie: string;
  let orgId: number;
  let ada: number;
  let bea: number;
  const seen: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Page Lab', {
      products: ['IM'],
      admin: { account: 'admin@page.test' },
      members: [
        { realName: 'Ada Page', account: 'ada@page.test' },
        { realName: 'Bea Page', account: 'bea@page.test' },
      ],
    });
    orgId = lab.orgId;
    [ada, bea] = lab.members.map((member) => member.id);
    db = countingDatabase(t, seen);
    app = await buildApp(t.config, { ...t.database, db }, { now: t.clock.now, logger: false });
    await app.ready();
    cookie = (await signIn({ ...t, app }, 'admin@page.test')).cookie;
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    await t.close();
  });

  const read = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/account/managePage?pageIndex=1&pageSize=10&keyword=page',
      headers: { ...t.signed(), cookie },
    });
    expect(response.statusCode).toBe(200);
    // The two members and the administrator (admin@page.test).
    expect(response.json().data.total).toBe(3);
    return response.json().data.rows as Array<Record<string, unknown>>;
  };
  const page = async () => {
    seen.length = 0;
    await read();
    return ofRequest(seen);
  };
  const rowOf = async (id: number) => (await read()).find((row) => row.ID === id)!;

  it('checks the page access in one statement with the licences', async () => {
    await page();
    const statements = await page();
    const access = statements.filter((s) => /org_menu_hidden|account_menus/.test(s));
    expect(access).toHaveLength(1);
    expect(access[0]).toMatch(/account_menus/);
    expect(access[0]).toMatch(/org_products/);
  });

  it('reads a page it read before only to check its members are unchanged', async () => {
    await page();
    const statements = await page();
    expect(statements.some((s) => /superior_name/.test(s))).toBe(false);
    expect(statements.filter((s) => /m\.row_version/.test(s))).toHaveLength(1);
  });

  it('shows at once what changed on a page it read before', async () => {
    const [department] = await db
      .insertInto('departments')
      .values({ org_id: orgId, name: 'Assay', description: '', created_at: 0 })
      .returning('id')
      .execute();
    await db.updateTable('accounts').set({ dept_id: department.id }).where('id', '=', ada).execute();
    expect((await rowOf(ada)).DeptName).toBe('Assay');

    // None of these moves the organisation's members_version: the page's check sees each of them.
    await db.updateTable('departments').set({ name: 'Synthesis' }).where('id', '=', department.id).execute();
    expect((await rowOf(ada)).DeptName).toBe('Synthesis');
    await db
      .updateTable('accounts')
      .set({ last_login_at: 1_700_000_000_000 })
      .where('id', '=', bea)
      .execute();
    expect((await rowOf(bea)).LastLoginTime).toBe(1_700_000_000_000);
    await db.updateTable('accounts').set({ superior_id: ada }).where('id', '=', bea).execute();
    expect((await rowOf(bea)).SuperiorName).toBe('Ada Page');
    expect(await rowOf(bea)).toMatchObject({ SuperiorID: ada, LastLoginTime: 1_700_000_000_000 });
  });
});
