import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, readRepositories } from '../../../server/repositories';
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

  it('keeps the same own properties as repositories are first used, so code reading them keeps its shape', async () => {
    const shared = readRepositories(database.db);
    const before = Object.getOwnPropertyNames(shared);
    expect(shared.termsAgreements).toBe(shared.termsAgreements);
    expect(Object.getOwnPropertyNames(shared)).toEqual(before);
    await database.db.transaction().execute(async (trx) => {
      const tx = createRepositories(trx);
      expect(tx.nonces).toBe(tx.nonces);
      expect(tx.accounts).not.toBe(shared.accounts);
      expect(Object.getOwnPropertyNames(tx)).toEqual(before);
    });
  });
});
