import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/core/errors';
import { addMember, createOrganization } from '../../server/provisioning';
import { createTestDatabase, engines, type TestDatabase } from '../helpers/test-database';

const t0 = 1_800_000_000_000;

describe.each(engines())('provisioning on %s', (engine) => {
  let database: TestDatabase;
  let orgId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ orgId } = await createOrganization(
      database.db,
      { name: 'Acme Lab', products: ['ELN'], admin: { realName: 'Boss', account: 'boss@acme.test' } },
      t0,
    ));
  });
  afterAll(() => database.drop());

  it.each([
    ['1380000000', 'errors.validation.invalidMobile'],
    ['+86 138-0000', 'errors.validation.invalidMobile'],
    ['someone@nowhere', 'errors.validation.invalidEmail'],
    ['just a name', 'errors.validation.invalidAccount'],
  ])('refuses the account name %j with %s', async (account, key) => {
    const refused = addMember(database.db, orgId, { realName: 'X', account }, t0);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ statusCode: 400, key });
  });

  it('creates nothing when a product code is unknown', async () => {
    await expect(
      createOrganization(
        database.db,
        { name: 'Ghost Co', products: ['NOPE'], admin: { realName: 'G', account: 'g@ghost.test' } },
        t0,
      ),
    ).rejects.toThrow('Unknown product code(s): NOPE');
    const names = await database.db.selectFrom('organizations').select('name').execute();
    expect(names).toEqual([{ name: 'Acme Lab' }]);
  });
});
