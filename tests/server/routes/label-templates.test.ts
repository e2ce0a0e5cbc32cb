import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <rect width="10" height="10" fill="url(https://evil.example/x)" onclick="alert(3)"/>
  <circle cx="5" cy="5" r="4" fill="#1677ff"/>
  <image xlink:href="https://evil.example/pixel.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
</svg>`;

const label = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Tube label',
  Type: 'sample',
  Width: 50,
  Height: 30,
  Components: [
    { Key: 'code', Kind: 'barcode', X: 2, Y: 2, Width: 46, Height: 12, BarcodeType: 'CODE128', Value: 'S-1' },
    {
      Key: 'name',
      Kind: 'text',
      X: 2,
      Y: 16,
      Width: 46,
      Height: 6,
      FontSize: 9,
      Bold: true,
      Value: 'Sample',
    },
    { Key: 'qr', Kind: 'qrcode', X: 2, Y: 22, Width: 7, Height: 7, ErrorCorrection: 'H', Value: 'S-1' },
  ],
  ...overrides,
});

describe.each(engines())('label templates (SPEC §7 Label templates) on %s', (engine) => {
  let t: TestApp;
  let orgA: number;
  let adminA: string;
  let memberA: string;
  let adminB: string;
  let adminEln: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie, 'accept-language': 'en-US' },
      ...(payload ? { payload } : {}),
    });
  const upload = (cookie: string, bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/LabelTemplate/logo',
      headers: { ...t.signed(), cookie, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
  const page = async (cookie: string, body: object = {}) => {
    const response = await call('POST', '/api/LabelTemplate/Page', cookie, {
      pageIndex: 1,
      pageSize: 50,
      ...body,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      total: number;
      list: Array<{ ID: string; Name: string; IsSystem: boolean }>;
    };
  };
  const count = async (orgId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('label_templates')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'module'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'tagsDesign')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    orgA = (
      await createTestOrganization(t, 'Lab A', {
        products: ['LIMS'],
        admin: { account: 'admin@labels-a.example' },
        members: [{ realName: 'Mei', account: 'member@labels-a.example' }],
      })
    ).orgId;
    await createTestOrganization(t, 'Lab B', {
      products: ['IM'],
      admin: { account: 'admin@labels-b.example' },
    });
    await createTestOrganization(t, 'Lab C', {
      products: ['ELN'],
      admin: { account: 'admin@labels-c.example' },
    });
    adminA = (await signIn(t, 'admin@labels-a.example')).cookie;
    memberA = (await signIn(t, 'member@labels-a.example')).cookie;
    adminB = (await signIn(t, 'admin@labels-b.example')).cookie;
    adminEln = (await signIn(t, 'admin@labels-c.example')).cookie;
  });
  afterAll(() => t.close());

  it('shows the screen only to organisations licensed for sample inspection or instruments', async () => {
    const tree = async (cookie: string) => {
      const items = (await call('GET', '/api/Menu/user/tree', cookie)).json().data as Array<{
        Code: string;
        Children: Array<{ Code: string; HasAuth: boolean }>;
      }>;
      return items.find((item) => item.Code === 'components')?.Children.find((c) => c.Code === 'tagsDesign');
    };
    expect((await tree(adminA))?.HasAuth).toBe(true);
    expect((await tree(adminB))?.HasAuth).toBe(true);
    expect((await tree(adminEln))?.HasAuth).toBe(false);
    const refused = await call('POST', '/api/LabelTemplate/Page', adminEln, { pageIndex: 1, pageSize: 10 });
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', '/api/LabelTemplate/Page', memberA, {})).statusCode).toBe(403);
  });

  it('lists the seeded system templates, read-only, to every licensed organisation', async () => {
    const list = await page(adminA);
    const system = list.list.filter((row) => row.IsSystem);
    expect(system.map((row) => row.Name).sort()).toEqual(['Instrument asset 60 × 40', 'Sample tube 50 × 30']);
    expect((await page(adminB)).list.filter((row) => row.IsSystem)).toHaveLength(2);
    const id = system.find((row) => row.Name === 'Sample tube 50 × 30')?.ID ?? '';
    const edit = await call('PUT', `/api/LabelTemplate/${id}`, adminA, label({ Name: 'Mine now' }));
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.key).toBe('errors.labels.systemReadOnly');
    expect((await call('POST', '/api/EnableLabelTemplate', adminA, { id, enabled: false })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/LabelTemplate/delete', adminA, { ids: [id] })).statusCode).toBe(403);
    const read = (await call('GET', `/api/LabelTemplate/${id}`, adminA)).json().data;
    expect(read).toMatchObject({ IsSystem: true, Width: 50, Height: 30, Enabled: true });
  });

  it('creates a template that reads back as saved, with an operation-log row, and checks names', async () => {
    const created = await call('POST', '/api/LabelTemplate', adminA, label({ Width: 50.25, Height: 30.5 }));
    expect(created.statusCode).toBe(200);
    const id = created.json().data.ID as string;
    const read = (await call('GET', `/api/LabelTemplate/${id}`, adminA)).json().data;
    expect(read).toMatchObject({ ID: id, Name: 'Tube label', Type: 'sample', Width: 50.25, Height: 30.5 });
    expect(read).toMatchObject({ Enabled: true, IsSystem: false, CreatorName: 'Lab A Admin' });
    expect(read.Components).toEqual(label().Components);
    expect((await logs(orgA)).map((row) => row.content)).toContain('Created the label template Tube label');

    const check = async (query: string, cookie = adminA) =>
      (await call('GET', `/api/CheckLabelTemplateName?${query}`, cookie)).json().data.exists;
    expect(await check('name=tube%20LABEL')).toBe(true);
    expect(await check(`name=Tube%20label&id=${id}`)).toBe(false);
    expect(await check('name=Tube%20label', adminB)).toBe(false);
    expect(await check('name=Sample%20tube%2050%20%C3%97%2030')).toBe(true);
    const repeated = await call('POST', '/api/LabelTemplate', adminA, label({ Name: ' tube LABEL ' }));
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json()).toMatchObject({
      message: 'Name is repeated',
      error: { key: 'errors.labels.nameRepeated' },
    });
    expect((await call('POST', '/api/LabelTemplate', adminB, label())).statusCode).toBe(200);
  });

  it.each([
    ['a size with three decimals', { Width: 50.125 }, 400, 'errors.labels.sizeInvalid'],
    ['a zero height', { Height: 0 }, 400, 'errors.labels.sizeInvalid'],
    ['a name of 50 characters', { Name: 'x'.repeat(50) }, 400, 'errors.labels.textTooLong'],
    [
      'a component without a KEY',
      { Components: [{ Key: ' ', Kind: 'text', X: 0, Y: 0, Width: 5, Height: 5 }] },
      400,
      'errors.labels.keyRequired',
    ],
    [
      'two components with one KEY',
      {
        Components: [
          { Key: 'lot', Kind: 'text', X: 0, Y: 0, Width: 5, Height: 5 },
          { Key: 'lot', Kind: 'qrcode', X: 10, Y: 0, Width: 5, Height: 5 },
        ],
      },
      400,
      'errors.labels.keyDuplicate',
    ],
    [
      'a component outside the label',
      { Components: [{ Key: 'lot', Kind: 'text', X: 45, Y: 0, Width: 10, Height: 5 }] },
      400,
      'errors.labels.outsideLabel',
    ],
    [
      'a line too thick',
      { Components: [{ Key: 'l', Kind: 'hline', X: 0, Y: 0, Width: 10, Height: 5, LineWidth: 6 }] },
      400,
      'errors.labels.lineWidth',
    ],
    [
      'a value of 50 characters',
      { Components: [{ Key: 't', Kind: 'text', X: 0, Y: 0, Width: 10, Height: 5, Value: 'v'.repeat(50) }] },
      400,
      'errors.labels.textTooLong',
    ],
    [
      'an image of an icon the organisation does not have',
      { Components: [{ Key: 'logo', Kind: 'image', X: 0, Y: 0, Width: 10, Height: 5, LogoId: '999999' }] },
      400,
      'errors.labels.logoUnknown',
    ],
  ])('refuses %s and saves nothing', async (_name, overrides, status, key) => {
    const before = await count(orgA);
    const response = await call(
      'POST',
      '/api/LabelTemplate',
      adminA,
      label({ Name: 'Refused', ...overrides }),
    );
    expect(response.statusCode).toBe(status);
    expect(response.json().error.key).toBe(key);
    expect(await count(orgA)).toBe(before);
  });

  it("refuses data over the stored-size limit with SPEC's 'The data is too large.'", async () => {
    const components = Array.from({ length: 199 }, (_, i) => ({
      Key: `field-${String(i).padStart(3, '0')}-${'k'.repeat(39)}`,
      Kind: 'text',
      X: 0,
      Y: 0,
      Width: 10,
      Height: 5,
      Value: 'v'.repeat(49),
      FontSize: 8,
      Align: 'center',
    }));
    const before = await count(orgA);
    const response = await call(
      'POST',
      '/api/LabelTemplate',
      adminA,
      label({ Name: 'Huge', Components: components }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      message: 'The data is too large.',
      error: { key: 'errors.labels.tooLarge' },
    });
    expect(await count(orgA)).toBe(before);
  });

  it('edits, enables and disables its own templates; products query only the enabled ones of a type', async () => {
    const id = (
      await call('POST', '/api/LabelTemplate', adminA, label({ Name: 'Rack', Type: 'instrument' }))
    ).json().data.ID as string;
    const edited = await call(
      'PUT',
      `/api/LabelTemplate/${id}`,
      adminA,
      label({ Name: 'Rack v2', Type: 'instrument', Width: 60 }),
    );
    expect(edited.statusCode).toBe(200);
    expect((await call('GET', `/api/LabelTemplate/${id}`, adminA)).json().data).toMatchObject({
      Name: 'Rack v2',
      Width: 60,
    });
    expect(
      (await call('PUT', `/api/LabelTemplate/${id}`, adminB, label({ Name: 'Stolen' }))).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/LabelTemplate/${id}`, adminB)).statusCode).toBe(404);

    const query = async (body: object) =>
      (
        (await call('POST', '/api/LabelTemplate/Query', memberA, body)).json().data as Array<{ Name: string }>
      ).map((row) => row.Name);
    expect(await query({ type: 'instrument' })).toEqual(['Instrument asset 60 × 40', 'Rack v2']);
    expect((await call('POST', '/api/EnableLabelTemplate', adminA, { id, enabled: false })).statusCode).toBe(
      200,
    );
    expect(await query({ type: 'instrument' })).toEqual(['Instrument asset 60 × 40']);
    expect(await query({ type: 'instrument', enabled: false })).toEqual(['Rack v2']);
    expect((await call('POST', '/api/EnableLabelTemplate', adminB, { id, enabled: true })).statusCode).toBe(
      404,
    );
    const contents = (await logs(orgA)).map((row) => row.content);
    expect(contents).toContain('Edited the label template Rack v2');
    expect(contents).toContain('Disabled the label template Rack v2');
  });

  it('pages and searches, and deletes all or none', async () => {
    const ids: string[] = [];
    for (const name of ['Freezer box 1', 'Freezer box 2', 'Shelf 100%']) {
      ids.push((await call('POST', '/api/LabelTemplate', adminA, label({ Name: name }))).json().data.ID);
    }
    expect((await page(adminA, { keyword: 'freezer' })).list.map((row) => row.Name)).toEqual([
      'Freezer box 2',
      'Freezer box 1',
    ]);
    expect((await page(adminA, { keyword: '100%' })).total).toBe(1);
    expect((await page(adminA, { keyword: '%' })).total).toBe(1);
    const second = await call('POST', '/api/LabelTemplate/Page', adminA, { pageIndex: 2, pageSize: 2 });
    expect(second.json().data.list).toHaveLength(2);

    const system = (await page(adminA)).list.find((row) => row.IsSystem)?.ID ?? '';
    const mixed = await call('POST', '/api/LabelTemplate/delete', adminA, { ids: [ids[0], system] });
    expect(mixed.statusCode).toBe(403);
    expect((await page(adminA, { keyword: 'freezer' })).total).toBe(2);
    expect((await call('POST', '/api/LabelTemplate/delete', adminB, { ids: [ids[0]] })).statusCode).toBe(404);
    const deleted = await call('POST', '/api/LabelTemplate/delete', adminA, { ids: [ids[0], ids[1]] });
    expect(deleted.statusCode).toBe(200);
    expect((await page(adminA, { keyword: 'freezer' })).total).toBe(0);
    expect((await logs(orgA)).map((row) => row.content)).toContain(
      'Deleted the label templates Freezer box 1, Freezer box 2',
    );
  });

  it('takes png and svg icons by content, sanitising the svg, and refuses anything else', async () => {
    const png = await upload(adminA, PNG);
    expect(png.statusCode).toBe(200);
    expect(png.json().data.dataUrl).toBe(`data:image/png;base64,${PNG.toString('base64')}`);

    const svg = await upload(adminA, Buffer.from(HOSTILE_SVG));
    expect(svg.statusCode).toBe(200);
    const dataUrl = svg.json().data.dataUrl as string;
    expect(dataUrl.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const kept = Buffer.from(dataUrl.split(',')[1], 'base64').toString('utf8');
    expect(kept).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  \n  <rect width="10" height="10"></rect>\n' +
        '  <circle cx="5" cy="5" r="4" fill="#1677ff"></circle>\n  \n  <use></use>\n  \n</svg>',
    );

    const text = await upload(adminA, Buffer.from('just some text, named logo.png'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error.key).toBe('errors.labels.logoType');
    const huge = await upload(adminA, Buffer.concat([PNG, Buffer.alloc(100 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect((await upload(memberA, PNG)).statusCode).toBe(403);

    const logoId = png.json().data.id as string;
    const withLogo = label({
      Name: 'With logo',
      Components: [{ Key: 'logo', Kind: 'image', X: 0, Y: 0, Width: 10, Height: 5, LogoId: logoId }],
    });
    const id = (await call('POST', '/api/LabelTemplate', adminA, withLogo)).json().data.ID;
    expect((await call('GET', `/api/LabelTemplate/${id}`, adminA)).json().data.Logos).toEqual({
      [logoId]: png.json().data.dataUrl,
    });
    const foreign = await call('POST', '/api/LabelTemplate', adminB, withLogo);
    expect(foreign.json().error.key).toBe('errors.labels.logoUnknown');
  });

  it('renders one SVG per record for the products, values escaped, only from enabled templates', async () => {
    const id = (await call('POST', '/api/LabelTemplate', adminA, label({ Name: 'Printed' }))).json().data.ID;
    const rendered = await call('POST', `/api/LabelTemplate/${id}/render`, memberA, {
      records: [
        { code: 'S-2026-0001', name: 'Buffer <A> & B' },
        { code: 'S-2026-0002', name: 'Plain' },
      ],
    });
    expect(rendered.statusCode).toBe(200);
    const svgs = rendered.json().data.svgs as string[];
    expect(svgs).toHaveLength(2);
    expect(svgs[0]).toContain('width="50mm" height="30mm"');
    expect(svgs[0]).toContain('Buffer &lt;A&gt; &amp; B');
    expect(svgs[1]).toContain('S-2026-0002');
    expect(
      (await call('POST', `/api/LabelTemplate/${id}/render`, adminB, { records: [{}] })).statusCode,
    ).toBe(404);
    await call('POST', '/api/EnableLabelTemplate', adminA, { id, enabled: false });
    const disabled = await call('POST', `/api/LabelTemplate/${id}/render`, memberA, { records: [{}] });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().error.key).toBe('errors.labels.disabled');
  });
  it("renders for a product's server with the open API's access token, the organisation being the token's", async () => {
    const id = (await call('POST', '/api/LabelTemplate', adminA, label({ Name: 'By token' }))).json().data.ID;
    const app = (await call('POST', '/api/OrganizationOpenness/Add', adminA, { name: 'LIMS server' })).json()
      .data;
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/Sdk/ucapi/token',
      payload: { appKey: app.appKey, appSecret: app.appSecret },
    });
    const bearer = { authorization: `Bearer ${issued.json().data.accessToken}` };
    const rendered = await t.app.inject({
      method: 'POST',
      url: `/api/Sdk/ucapi/LabelTemplate/${id}/render`,
      headers: bearer,
      payload: { records: [{ code: 'S-9' }] },
    });
    expect(rendered.statusCode).toBe(200);
    expect(rendered.json().data.svgs[0]).toContain('S-9');
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/Sdk/ucapi/LabelTemplate/Query',
      headers: bearer,
      payload: { type: 'sample' },
    });
    expect(listed.json().data.map((row: { Name: string }) => row.Name)).toContain('By token');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/Sdk/ucapi/LabelTemplate/${id}/render`,
      payload: { records: [{}] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
