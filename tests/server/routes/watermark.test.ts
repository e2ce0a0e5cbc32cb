import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

const SETTINGS = {
  Text: 'Confidential',
  Contents: ['name', 'mobileLast4', 'organization'],
  Wrap: true,
  Image: '',
  Density: 'dense',
  Size: 20,
  Depth: 25,
  DisplayType: 'tile',
  Products: ['ELN'],
};

describe.each(engines())('watermark (SPEC §7 Watermark) on %s', (engine) => {
  let t: TestApp;
  let orgA: number;
  let adminA: string;
  let memberA: string;
  let adminB: string;
  let memberB: string;

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie }, ...(payload ? { payload } : {}) });
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content'])
      .where('org_id', '=', orgId)
      .where('content', 'like', 'Set the watermark%')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    orgA = (
      await createTestOrganization(t, 'Lab A', {
        admin: { account: 'admin@wm-a.example' },
        members: [{ realName: 'Mei Lin', account: '13912345678' }],
      })
    ).orgId;
    await createTestOrganization(t, 'Lab B', {
      admin: { account: 'admin@wm-b.example' },
      members: [{ realName: 'Bo', account: 'member@wm-b.example' }],
    });
    adminA = (await signIn(t, 'admin@wm-a.example')).cookie;
    memberA = (await signIn(t, '13912345678')).cookie;
    adminB = (await signIn(t, 'admin@wm-b.example')).cookie;
    memberB = (await signIn(t, 'member@wm-b.example')).cookie;
  });
  afterAll(() => t.close());

  it('reads an organisation that set nothing as off', async () => {
    const response = await call('GET', '/api/Watermark/Config', memberA);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ Enabled: false, Applies: false });
  });

  it('refuses members the settings and their changes', async () => {
    expect((await call('GET', '/api/Watermark', memberA)).statusCode).toBe(403);
    expect((await call('POST', '/api/Watermark', memberA, SETTINGS)).statusCode).toBe(403);
    expect((await call('POST', '/api/Watermark/Swith', memberA, { Enabled: true })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/Watermark/Config',
      headers: t.signed(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('saves the settings and switch with an operation-log row each, and members read their own lines', async () => {
    const saved = await call('POST', '/api/watermark', adminA, { ...SETTINGS, Image: dataUrl(PNG) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ Density: 'dense', Enabled: false });
    expect((await call('POST', '/api/Watermark/Swith', adminA, { Enabled: true })).statusCode).toBe(200);
    expect(await logs(orgA)).toHaveLength(2);

    const config = (await call('GET', '/api/Watermark/Config', memberA)).json().data;
    expect(config).toMatchObject({ Enabled: true, Applies: true, Size: 20, Depth: 25, DisplayType: 'tile' });
    expect(config.Lines).toEqual(['Confidential', 'Mei Lin', '5678', 'Lab A']);
    expect(config.Image).toBe(dataUrl(PNG));
    const eln = (await call('GET', '/api/Watermark/Config?product=ELN', memberA)).json().data;
    const pm = (await call('GET', '/api/Watermark/Config?product=PM', memberA)).json().data;
    expect([eln.Applies, pm.Applies]).toEqual([true, false]);
  });

  it("keeps organisation B's members and administrator on B's settings", async () => {
    const b = (await call('GET', '/api/Watermark/Config', memberB)).json().data;
    expect(b).toMatchObject({ Enabled: false, Applies: false });
    expect(b.Lines.join(' ')).not.toContain('Lab A');
    expect((await call('GET', '/api/Watermark', adminB)).json().data.Enabled).toBe(false);
    await call('POST', '/api/Watermark/Swith', adminB, { Enabled: true });
    expect((await call('GET', '/api/Watermark', adminA)).json().data.Text).toBe('Confidential');
  });

  it.each([
    ['an HTML page renamed .png', Buffer.from('<html><script>alert(1)</script></html>'), 415],
    [
      'an SVG with a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
    ],
    ['a png over 50KB', Buffer.concat([PNG, Buffer.alloc(51 * 1024)]), 413],
  ])('refuses %s as the picture, changing nothing', async (_name, bytes, status) => {
    const before = await logs(orgA);
    const response = await call('POST', '/api/Watermark', adminA, {
      ...SETTINGS,
      Text: 'x',
      Image: dataUrl(bytes),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.key).toMatch(/^errors\.watermark\./);
    expect(await logs(orgA)).toHaveLength(before.length);
    expect((await call('GET', '/api/Watermark', adminA)).json().data.Text).toBe('Confidential');
  });

  it('refuses a picture that is not a data URL and settings out of bounds', async () => {
    const svgUrl = await call('POST', '/api/Watermark', adminA, {
      ...SETTINGS,
      Image: 'data:image/svg+xml;base64,PHN2Zz4=',
    });
    expect(svgUrl.statusCode).toBe(415);
    expect((await call('POST', '/api/Watermark', adminA, { ...SETTINGS, Size: 200 })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/Watermark', adminA, { ...SETTINGS, Text: 'x'.repeat(51) })).statusCode,
    ).toBe(400);
  });

  it('files its changes under System settings, whose tab makes them, not under the password policy', async () => {
    const modules = await t.database.db
      .selectFrom('operation_logs')
      .select('module')
      .distinct()
      .where('org_id', '=', orgA)
      .where('content', 'like', 'Set the watermark%')
      .execute();
    expect(modules).toEqual([{ module: 'systemSetting' }]);
  });
});
