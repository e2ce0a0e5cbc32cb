import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRepositories } from '../../../server/repositories';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

describe.each(engines())('readRepositories on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it('answers the same repositories over the root handle, so per-request reads keep their compiled statements', () => {
    const first = readRepositories(database.db);
    expect(readRepositories(database.db)).toBe(first);
    expect(readRepositories(database.db).members).toBe(first.members);
  });
});
