import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../../server/provisioning';
import { createRepositories } from '../../../server/repositories';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { createDepartment, updateDepartment } from '../../../server/services/departments-service';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines())('departments repository on %s', (engine) => {
  let database: TestDatabase;
  let orgId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ orgId } = await createOrganization(
      database.db,
      {
        name: 'Repo Lab',
        products: [],
        admin: { realName: 'Boss', account: 'boss@dept-repo.example', password: 'Lab#Pass2026-Quartz' },
      },
      NOW,
    ));
  });
  afterAll(() => database.drop());

  it('makes a second department change wait while one holds the organisation', async () => {
    const a = await createDepartment(
      { db: database.db, orgId, operator: CLI_OPERATOR, now: NOW },
      { Name: 'A' },
    );
    const b = await createDepartment(
      { db: database.db, orgId, operator: CLI_OPERATOR, now: NOW },
      { Name: 'B' },
    );
    let second: Promise<string> | undefined;
    await database.db.transaction().execute(async (trx) => {
      const repos = createRepositories(trx);
      await repos.departments.lockOrganization(orgId);
      second = updateDepartment({ db: database.db, orgId, operator: CLI_OPERATOR, now: NOW }, b, {
        ParentID: a,
      }).then(
        () => 'moved',
        (error: Error) => error.message,
      );
      const state = await Promise.race([second, sleep(300).then(() => 'waiting')]);
      expect(state).toBe('waiting');
      await repos.departments.update(orgId, a, { parentId: b });
    });
    // The first change (A under B) landed; the waiting move of B under A then sees it and is refused.
    expect(await second).toBe('errors.departments.moveUnderDescendant');
    const links = await createRepositories(database.db).departments.listLinks(orgId);
    expect(links.find((link) => link.id === b)?.parentId).toBeNull();
  });

  it('shows no manager once the manager has left the organisation', async () => {
    const repos = createRepositories(database.db);
    const boss = Number(
      (
        await database.db
          .selectFrom('accounts')
          .select('id')
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const dept = await createDepartment(
      { db: database.db, orgId, operator: CLI_OPERATOR, now: NOW },
      { Name: 'Managed', ManagerID: boss },
    );
    const managed = async () => (await repos.departments.listFlat(orgId)).find((d) => d.ID === dept);
    expect(await managed()).toMatchObject({ ManagerID: boss, ManagerName: 'Boss' });
    await database.db.updateTable('accounts').set({ status: 'removed' }).where('id', '=', boss).execute();
    expect(await managed()).toMatchObject({ ManagerID: null, ManagerName: null });
    await database.db.updateTable('accounts').set({ status: 'active' }).where('id', '=', boss).execute();
  });

  it('counts members per department, former members left out', async () => {
    const repos = createRepositories(database.db);
    const dept = await createDepartment(
      { db: database.db, orgId, operator: CLI_OPERATOR, now: NOW },
      { Name: 'Counted' },
    );
    const boss = (
      await database.db
        .selectFrom('accounts')
        .select('id')
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow()
    ).id;
    await database.db.updateTable('accounts').set({ dept_id: dept }).where('id', '=', boss).execute();
    expect((await repos.departments.listFlat(orgId)).find((d) => d.ID === dept)?.MemberCount).toBe(1);
    expect(await repos.departments.contentCounts(orgId, dept)).toEqual({ children: 0, members: 1 });
    await database.db.updateTable('accounts').set({ status: 'removed' }).where('id', '=', boss).execute();
    expect(await repos.departments.contentCounts(orgId, dept)).toEqual({ children: 0, members: 0 });
    await database.db
      .updateTable('accounts')
      .set({ status: 'active', dept_id: null })
      .where('id', '=', boss)
      .execute();
  });
});
