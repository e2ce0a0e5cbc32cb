import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_ACCOUNT, demoProductUrl, seedDemoOrganization } from '../../../server/db/seed';
import { engines } from '../../helpers/test-database';
import { createTestApp, signIn, type TestApp } from '../../helpers/test-app';

describe.each(engines())('demo seed on %s', (engine) => {
  let t: TestApp;
  let seeded: Awaited<ReturnType<typeof seedDemoOrganization>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('seeds Demo Lab once, with a random password that signs in', async () => {
    seeded = await seedDemoOrganization(t.database.db, t.clock.now());
    expect(seeded).not.toBeNull();
    expect(seeded!.admin.account).toBe(DEMO_ADMIN_ACCOUNT);
    expect(seeded!.admin.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*#).{16}$/);
    expect(seeded!.members).toHaveLength(2);
    expect(await seedDemoOrganization(t.database.db, t.clock.now())).toBeNull();

    const { response, cookie } = await signIn(t, seeded!.admin.account, seeded!.admin.password);
    expect(response.json().data).toMatchObject({ OrgName: 'Demo Lab', AccountInfo: { IsOrganAdmin: 1 } });
    // The demo's passwords meet the default policy (15 characters, not guessable): no forced change.
    expect(response.json().data.PwdInfo).toEqual({ MustChange: false, Reason: null });
    for (const member of seeded!.members) {
      const signedIn = (await signIn(t, member.account, member.password)).response.json().data;
      expect(signedIn.PwdInfo).toEqual({ MustChange: false, Reason: null });
    }
    expect(response.json().data.DeptInfo.Name).toContain('R&D');
    const products = await t.app.inject({
      method: 'GET',
      url: '/api/Account/AuthorizeInfo?showUnAuthorized=true',
      headers: { cookie },
    });
    const list = products.json().data as Array<{ IsAuthorized: boolean }>;
    expect(list).toHaveLength(8);
    expect(list.filter((p) => p.IsAuthorized).length).toBeGreaterThan(0);
    expect(list.filter((p) => !p.IsAuthorized).length).toBeGreaterThan(0);
  });

  it("opens every product on the portal's demo page, which names who opened it", async () => {
    const { cookie } = await signIn(t, seeded!.admin.account, seeded!.admin.password);
    const products = await t.app.inject({
      method: 'GET',
      url: '/api/Account/AuthorizeInfo',
      headers: { cookie },
    });
    const list = products.json().data as Array<{ Code: string; WebUrl: string }>;
    expect(list.map((p) => p.WebUrl)).toEqual(list.map((p) => `/demo-product/${p.Code}`));
    const page = await t.app.inject({ method: 'GET', url: list[0].WebUrl, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('林晓 Lin Xiao');
  });

  it('builds absolute demo URLs under PUBLIC_URL when it is set', () => {
    expect(demoProductUrl('ELN', null)).toBe('/demo-product/ELN');
    expect(demoProductUrl('ELN', 'https://portal.example.test')).toBe(
      'https://portal.example.test/demo-product/ELN',
    );
    expect(demoProductUrl('PM', 'https://x.example.test/portal/')).toBe(
      'https://x.example.test/portal/demo-product/PM',
    );
  });

  it('records the creation in the operation log', async () => {
    const rows = await t.database.db.selectFrom('operation_logs').selectAll().execute();
    expect(rows.some((row) => row.module === 'organization' && row.content.includes('Demo Lab'))).toBe(true);
  });
});
