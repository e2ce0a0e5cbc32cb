import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, withTransaction } from '../../../server/repositories';
import { refuseOverSeats } from '../../../server/services/authorisation-service';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('product authorisation (authorize) on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let otherAdmin: string;
  let labOrg: number;
  let ids: number[];
  let outsiderId: number;

  const request = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie }, ...(payload ? { payload } : {}) });
  const authorize = (cookie: string, body: object) => request('POST', '/api/account/authorize', cookie, body);
  const productsOf = async (id: number) =>
    (await createRepositories(t.database.db).members.productsOf(labOrg, [id])).get(id);
  const logCount = async (orgId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('operation_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .where('module', '=', 'authorize')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Lab', {
      products: ['ELN', 'CIMS'],
      admin: { account: 'admin@auth.example' },
      members: [
        { realName: 'Ann', account: 'ann@auth.example' },
        { realName: 'Bob', account: 'bob@auth.example' },
        { realName: 'Cat', account: 'cat@auth.example' },
      ],
    });
    labOrg = lab.orgId;
    ids = lab.members.map((m) => m.id);
    const repos = createRepositories(t.database.db);
    const [eln] = await repos.products.findByCodes(['ELN']);
    await repos.authorisation.setSeats(labOrg, Number(eln.id), 2);
    const other = await createTestOrganization(t, 'Other', {
      products: ['ELN'],
      admin: { account: 'admin@other-auth.example' },
    });
    outsiderId = other.admin.id;
    admin = (await signIn(t, 'admin@auth.example')).cookie;
    member = (await signIn(t, 'ann@auth.example')).cookie;
    otherAdmin = (await signIn(t, 'admin@other-auth.example')).cookie;
  });
  afterAll(() => t.close());

  it('lists the licensed products with seats and seats used', async () => {
    const seats = (await request('GET', '/api/account/authorize', admin)).json().data;
    expect(seats).toEqual([
      expect.objectContaining({ Code: 'ELN', Seats: 2, Used: 0 }),
      expect.objectContaining({ Code: 'CIMS', Seats: null, Used: 0 }),
    ]);
  });

  it('sets the licences of several members in one change, logged', async () => {
    const before = await logCount(labOrg);
    const response = await authorize(admin, { IDs: [ids[0], ids[1]], Products: ['ELN', 'cims'] });
    expect(response.json().code).toBe(100);
    expect(await productsOf(ids[0])).toEqual(['ELN', 'CIMS']);
    expect(await productsOf(ids[1])).toEqual(['ELN', 'CIMS']);
    expect(await logCount(labOrg)).toBe(before + 1);
    await authorize(admin, { IDs: [ids[1]], Products: ['ELN'], Mode: 'remove' });
    expect(await productsOf(ids[1])).toEqual(['CIMS']);
  });

  it('refuses more holders than seats, naming the product and changing nothing', async () => {
    // ELN: Ann holds it, of 2 seats. Bob and Cat together would need 3.
    const before = await logCount(labOrg);
    const response = await authorize(admin, { IDs: [ids[1], ids[2]], Products: ['ELN'], Mode: 'add' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      key: 'errors.authorize.seatsExceeded',
      params: { product: 'ELN', seats: 2, needed: 3 },
    });
    expect(response.json().message).not.toMatch(/ELN/);
    expect(await productsOf(ids[1])).toEqual(['CIMS']);
    expect(await productsOf(ids[2])).toEqual([]);
    expect(await logCount(labOrg)).toBe(before);
    // One more fits; moving a seat from Ann to Cat in one batch fits too.
    expect((await authorize(admin, { IDs: [ids[1]], Products: ['ELN'], Mode: 'add' })).statusCode).toBe(200);
    const swap = await authorize(admin, { IDs: [ids[0], ids[2]], Products: ['ELN'], Mode: 'set' });
    expect(swap.statusCode).toBe(409);
  });

  it('refuses an unlicensed product and an empty pick with their keys', async () => {
    const unlicensed = await authorize(admin, { IDs: [ids[2]], Products: ['SDH'] });
    expect(unlicensed.statusCode).toBe(400);
    expect(unlicensed.json().error).toEqual({
      key: 'errors.authorize.unknownProduct',
      params: { product: 'SDH' },
    });
    const none = await authorize(admin, { IDs: [], Products: ['ELN'] });
    expect(none.json().error.key).toBe('errors.authorize.noneSelected');
  });

  it("does not let organisation B's administrator touch organisation A's members, even by guessed ids", async () => {
    const guessed = await authorize(otherAdmin, { IDs: [ids[2]], Products: ['ELN'] });
    expect(guessed.statusCode).toBe(404);
    const mixed = await authorize(admin, { IDs: [ids[2], outsiderId], Products: ['CIMS'] });
    expect(mixed.statusCode).toBe(404);
    expect(await productsOf(ids[2])).toEqual([]);
    const theirs = (await request('GET', '/api/account/authorize', otherAdmin)).json().data;
    expect(theirs.map((p: { Code: string }) => p.Code)).toEqual(['ELN']);
  });

  it('refuses members calling the administrator endpoints', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/account/authorize', undefined],
      ['POST', '/api/account/authorize', { IDs: [ids[0]], Products: ['ELN'] }],
      ['GET', '/api/account/authorize/display', undefined],
      ['PUT', '/api/account/authorize/display', { Shown: [] }],
    ] as const) {
      const response = await request(method, url, member, body);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it("hides products from members' card homes by the display settings", async () => {
    const home = async (cookie: string) => {
      const response = await request('GET', '/api/Account/AuthorizeInfo?showUnAuthorized=true', cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((p: { Code: string }) => p.Code);
    };
    expect(await home(member)).toContain('CIMS');
    const saved = await request('PUT', '/api/account/authorize/display', admin, {
      Shown: ['ELN', 'LIMS', 'PM', 'IM', 'STABILITY', 'MOLSIM', 'SDH'],
    });
    expect(saved.json().code).toBe(100);
    expect(await home(member)).not.toContain('CIMS');
    const display = (await request('GET', '/api/account/authorize/display', admin)).json().data;
    expect(display.find((p: { Code: string }) => p.Code === 'CIMS')).toMatchObject({
      IsAuthorized: true,
      Shown: false,
    });
    // Organisation B's homes are not affected.
    expect(await home(otherAdmin)).toContain('CIMS');
    const bad = await request('PUT', '/api/account/authorize/display', admin, { Shown: ['NOPE'] });
    expect(bad.statusCode).toBe(400);
    await request('PUT', '/api/account/authorize/display', admin, {
      Shown: ['ELN', 'CIMS', 'LIMS', 'PM', 'IM', 'STABILITY', 'MOLSIM', 'SDH'],
    });
  });

  it('lets other changes that grant licences refuse one over the seats, rolling back', async () => {
    const repos = createRepositories(t.database.db);
    const [eln] = await repos.products.findByCodes(['ELN']);
    const attempt = withTransaction(t.database.db, async (trx) => {
      await trx.products.grantToAccount(labOrg, ids[2], [Number(eln.id)], t.clock.now());
      await refuseOverSeats(trx, labOrg, ['ELN']);
    });
    await expect(attempt).rejects.toMatchObject({ key: 'errors.authorize.seatsExceeded' });
    expect(await productsOf(ids[2])).toEqual([]);
    await withTransaction(t.database.db, (trx) => refuseOverSeats(trx, labOrg, ['CIMS']));
  });
});
