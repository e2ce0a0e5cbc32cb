import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHandoverCommand } from '../../../server/commands/member-handover-command';
import { lazySecretBox } from '../../../server/security/secret-box';
import { type HandoverHookServer, startHandoverHookServer } from '../../helpers/handover-hook-server';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

const SECRET = 'eln-shared-secret-0123456789';

describe.each(engines())('POST /api/account/remove/check on %s', (engine) => {
  let t: TestApp;
  let hooks: HandoverHookServer;
  let adminCookie: string;
  let memberCookie: string;
  let rivalCookie: string;
  let adminId: number;
  let chemistId: number;
  let analystId: number;
  let rivalMemberId: number;
  let bareCookie: string;
  let bareMemberId: number;

  const check = (ids: number[], cookie = adminCookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/remove/check',
      headers: { ...t.signed(), cookie },
      payload: { IDs: ids },
    });
  const setHook = (platform: string, path: string, secret?: string) =>
    runHandoverCommand(
      t.database.db,
      lazySecretBox(t.config),
      { platform, url: `${hooks.base}${path}`, secret },
      t.clock.now(),
    );
  const byProduct = (body: { data: { Products: Array<{ Product: string }> } }) =>
    Object.fromEntries(body.data.Products.map((product) => [product.Product, product]));

  beforeAll(async () => {
    hooks = await startHandoverHookServer();
    t = await createTestApp(engine, { HANDOVER_TIMEOUT_MS: '400' });
    const products = ['ELN', 'CIMS', 'LIMS', 'PM', 'IM', 'SDH', 'MOLSIM'];
    const acme = await createTestOrganization(t, 'Acme Lab', {
      products,
      admin: { account: 'admin@handover.test', realName: 'Ada Admin' },
      members: [
        { realName: 'Chemist', account: 'chemist@handover.test', products: ['ELN'] },
        { realName: 'Analyst', account: '13900000021' },
      ],
    });
    const rival = await createTestOrganization(t, 'Rival Lab', {
      products: ['ELN'],
      admin: { account: 'admin@rival-handover.test' },
      members: [{ realName: 'Rival Member', account: 'member@rival-handover.test' }],
    });
    const bare = await createTestOrganization(t, 'Bare Lab', {
      admin: { account: 'admin@bare-handover.test' },
      members: [{ realName: 'Bare Member', account: 'member@bare-handover.test' }],
    });
    adminId = acme.admin.id;
    [chemistId, analystId] = acme.members.map((member) => member.id);
    rivalMemberId = rival.members[0].id;
    bareMemberId = bare.members[0].id;
    await setHook('ELN', '/findings/3', SECRET);
    await setHook('CIMS', '/error');
    await setHook('PM', '/redirect');
    await setHook('IM', '/hang');
    await setHook('LIMS', '/garbage');
    await setHook('SDH', '/clean');
    await setHook('STABILITY', '/findings/7'); // Acme is not licensed for it: never asked.
    adminCookie = (await signIn(t, 'admin@handover.test')).cookie;
    memberCookie = (await signIn(t, 'chemist@handover.test')).cookie;
    rivalCookie = (await signIn(t, 'admin@rival-handover.test')).cookie;
    bareCookie = (await signIn(t, 'admin@bare-handover.test')).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await hooks?.close();
  });

  it("shows each authorised product's findings, 'could not check' for failed hooks and none without a hook", async () => {
    const since = hooks.calls.length;
    const response = await check([chemistId, analystId]);
    expect(response.statusCode).toBe(200);
    const products = byProduct(response.json());
    expect(Object.keys(products).sort()).toEqual(['CIMS', 'ELN', 'IM', 'LIMS', 'MOLSIM', 'PM', 'SDH']);
    expect(products.ELN).toEqual({
      Product: 'ELN',
      Status: 'checked',
      Accounts: [
        { ID: chemistId, RealName: 'Chemist', Findings: ['owns 3 projects', '2 approvals pending'] },
        { ID: analystId, RealName: 'Analyst', Findings: ['owns 3 projects'] },
      ],
    });
    expect(products.SDH).toEqual({ Product: 'SDH', Status: 'checked', Accounts: [] });
    expect(products.MOLSIM).toEqual({ Product: 'MOLSIM', Status: 'none', Accounts: [] });
    for (const failed of ['CIMS', 'PM', 'IM', 'LIMS']) {
      expect(products[failed]).toEqual({ Product: failed, Status: 'failed', Accounts: [] });
    }
    const paths = hooks.calls.slice(since).map((call) => call.path);
    expect(paths.sort()).toEqual(['/clean', '/error', '/findings/3', '/garbage', '/hang', '/redirect']);
  });

  it('signs each call with HMAC-SHA256 over the timestamp and body, and sends only the picked accounts', async () => {
    const since = hooks.calls.length;
    await check([chemistId]);
    const call = hooks.calls.slice(since).find((candidate) => candidate.path === '/findings/3')!;
    const timestamp = String(call.headers['x-handover-timestamp']);
    const expected = createHmac('sha256', SECRET).update(`${timestamp}.${call.raw}`).digest('hex');
    expect(call.headers['x-handover-signature']).toBe(`sha256=${expected}`);
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.body.organization.name).toBe('Acme Lab');
    expect(call.body.accounts).toEqual([
      { id: chemistId, name: 'Chemist', mobile: null, email: 'chemist@handover.test' },
    ]);
  });

  it('follows no redirect', async () => {
    const since = hooks.calls.length;
    await check([analystId]);
    expect(hooks.calls.slice(since).filter((call) => call.path === '/findings/9')).toHaveLength(0);
  });

  it('counts an answer over 64KB as not checked', async () => {
    await setHook('SDH', '/huge');
    const products = byProduct((await check([analystId])).json());
    expect(products.SDH).toMatchObject({ Status: 'failed' });
    await setHook('SDH', '/clean');
  });

  it('answers nothing to hand over when the organisation has no product with a hook', async () => {
    const response = await check([bareMemberId], bareCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ Products: [] });
  });

  it("refuses another organisation's member with 404 and asks no product", async () => {
    const since = hooks.calls.length;
    const response = await check([chemistId, rivalMemberId]);
    expect(response.statusCode).toBe(404);
    expect((await check([chemistId], rivalCookie)).statusCode).toBe(404);
    expect(hooks.calls.length).toBe(since);
  });

  it("refuses yourself ('Can't remove yourself'), nobody picked and a member calling it", async () => {
    const self = await check([adminId, chemistId]);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.key).toBe('errors.members.cannotRemoveSelf');
    const none = await check([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.key).toBe('errors.members.noneSelected');
    expect((await check([analystId], memberCookie)).statusCode).toBe(403);
  });

  it('changes nothing: the members are still there', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/account/managePage?pageSize=50',
      headers: { ...t.signed(), cookie: adminCookie },
    });
    const ids = page.json().data.rows.map((row: { ID: number }) => row.ID);
    expect(ids).toEqual(expect.arrayContaining([chemistId, analystId]));
  });

  it('allows 30 checks a minute per organisation, then says too frequent', async () => {
    let last = 200;
    for (let i = 0; i < 31; i += 1) last = (await check([bareMemberId], bareCookie)).statusCode;
    expect(last).toBe(429);
    t.clock.advance(61_000);
    expect((await check([bareMemberId], bareCookie)).statusCode).toBe(200);
  });
});
