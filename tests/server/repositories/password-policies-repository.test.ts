import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../../../domain/rules/password-policy';
import { createRepositories, type Repositories } from '../../../server/repositories';
import { createOrganization } from '../../../server/provisioning';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

describe.each(engines())('password policies and history on %s', (engine) => {
  let database: TestDatabase;
  let repos: Repositories;
  let orgId: number;
  let accountId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repos = createRepositories(database.db);
    const created = await createOrganization(
      database.db,
      { name: 'Policy Repo Lab', products: [], admin: { realName: 'Admin', account: 'admin@repo.test' } },
      1,
    );
    orgId = created.orgId;
    accountId = created.admin.id;
  });
  afterAll(() => database.drop());

  it('gives the defaults to an organisation without a policy, and to none at all', async () => {
    expect(await repos.passwordPolicies.find(orgId)).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(await repos.passwordPolicies.find(0)).toEqual(DEFAULT_PASSWORD_POLICY);
  });

  it('stores a whole policy and replaces it on the next save', async () => {
    const strict = {
      minLength: 10,
      maxLength: 64,
      requiredClasses: ['symbol', 'upper'] as const,
      expiry: '6months' as const,
      historyDepth: 3,
      lockAfter: 7,
    };
    await repos.passwordPolicies.save(orgId, strict, 2);
    // Classes come back in their canonical order.
    expect(await repos.passwordPolicies.find(orgId)).toEqual({
      ...strict,
      requiredClasses: ['upper', 'symbol'],
    });
    await repos.passwordPolicies.save(orgId, { ...strict, requiredClasses: [], expiry: '10m' }, 3);
    expect(await repos.passwordPolicies.find(orgId)).toMatchObject({ requiredClasses: [], expiry: '10m' });
  });

  it('keeps the newest earlier hashes, newest first, and trims the rest', async () => {
    for (const [index, hash] of ['h1', 'h2', 'h3', 'h4'].entries()) {
      await repos.passwordHistory.insert(orgId, accountId, hash, 10 + index);
    }
    expect(await repos.passwordHistory.latest(orgId, accountId, 3)).toEqual(['h4', 'h3', 'h2']);
    await repos.passwordHistory.trim(orgId, accountId, 2);
    expect(await repos.passwordHistory.latest(orgId, accountId, 10)).toEqual(['h4', 'h3']);
    expect(await repos.passwordHistory.latest(orgId, accountId, 0)).toEqual([]);
    expect(await repos.passwordHistory.latest(orgId + 1, accountId, 10)).toEqual([]);
  });
});
