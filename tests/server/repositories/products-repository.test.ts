import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CODES } from '../../../domain/constants';
import { createRepositories, type Repositories } from '../../../server/repositories';
import { addMember } from '../../../server/provisioning';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const t0 = 1_800_000_000_000;

describe.each(engines())('products repository on %s', (engine) => {
  let database: TestDatabase;
  let repos: Repositories;
  let orgId: number;
  let otherOrgId: number;
  let accountId: number;
  const idOf = new Map<string, number>();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repos = createRepositories(database.db);
    orgId = await repos.organizations.insert('Acme Lab', t0);
    otherOrgId = await repos.organizations.insert('Rival Lab', t0);
    accountId = (await addMember(database.db, orgId, { realName: 'Alice', account: 'alice@acme.test' }, t0))
      .id;
    for (const row of await repos.products.findByCodes([...PRODUCT_CODES]))
      idOf.set(row.code, Number(row.id));
  });
  afterAll(() => database.drop());

  it('finds products by code and nothing for no codes', async () => {
    expect(idOf.size).toBe(8);
    expect((await repos.products.findByCodes(['PM', 'NOPE'])).map((row) => row.code)).toEqual(['PM']);
    expect(await repos.products.findByCodes([])).toEqual([]);
  });

  it('lists every product in display order, none authorised before any licence', async () => {
    const list = await repos.products.listForAccount(orgId, accountId);
    expect(list.map((p) => p.code)).toEqual([...PRODUCT_CODES]);
    expect(list.some((p) => p.authorized)).toBe(false);
  });

  it('authorises a product only when it is both licensed to the organisation and granted to the account', async () => {
    await repos.products.grantToOrganization(orgId, [idOf.get('ELN')!, idOf.get('PM')!], t0);
    await repos.products.grantToAccount(orgId, accountId, [idOf.get('ELN')!, idOf.get('LIMS')!], t0);
    const authorised = (await repos.products.listForAccount(orgId, accountId))
      .filter((p) => p.authorized)
      .map((p) => p.code);
    expect(authorised).toEqual(['ELN']);
  });

  it("does not count another organisation's licence", async () => {
    await repos.products.grantToOrganization(otherOrgId, [idOf.get('LIMS')!], t0);
    const lims = (await repos.products.listForAccount(orgId, accountId)).find((p) => p.code === 'LIMS');
    expect(lims?.authorized).toBe(false);
  });

  it('leaves existing licences and grants as they are when granted again', async () => {
    await repos.products.grantToOrganization(orgId, [idOf.get('ELN')!], t0 + 1);
    await repos.products.grantToAccount(orgId, accountId, [idOf.get('ELN')!], t0 + 1);
    await repos.products.grantToOrganization(orgId, [], t0 + 1);
    const licences = await database.db
      .selectFrom('org_products')
      .select('granted_at')
      .where('org_id', '=', orgId)
      .where('product_id', '=', idOf.get('ELN')!)
      .execute();
    expect(licences).toEqual([{ granted_at: t0 }]);
  });

  it('sets where a product lives, and says when there is no such product', async () => {
    expect(await repos.products.setWebUrl('ELN', 'https://eln.acme.test/')).toBe(true);
    expect(await repos.products.setWebUrl('NOPE', 'https://nope.test/')).toBe(false);
    const eln = (await repos.products.listForAccount(orgId, accountId)).find((p) => p.code === 'ELN');
    expect(eln?.webUrl).toBe('https://eln.acme.test/');
  });
});
