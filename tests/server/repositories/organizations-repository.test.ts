import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, type Repositories } from '../../../server/repositories';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const t0 = 1_800_000_000_000;

describe.each(engines())('organizations repository on %s', (engine) => {
  let database: TestDatabase;
  let repos: Repositories;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repos = createRepositories(database.db);
  });
  afterAll(() => database.drop());

  it('counts and lists organisations, oldest first', async () => {
    expect(await repos.organizations.count()).toBe(0);
    expect(await repos.organizations.list()).toEqual([]);
    const first = await repos.organizations.insert('Acme Lab', t0);
    const second = await repos.organizations.insert('Pharma Co', t0 + 1);
    expect(await repos.organizations.count()).toBe(2);
    expect(await repos.organizations.list()).toEqual([
      { id: first, name: 'Acme Lab' },
      { id: second, name: 'Pharma Co' },
    ]);
    expect(await repos.organizations.findById(second)).toMatchObject({
      name: 'Pharma Co',
      created_at: t0 + 1,
    });
  });
});
