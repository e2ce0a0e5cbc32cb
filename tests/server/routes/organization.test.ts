import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '../../../domain/rules/organization-logo';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

describe.each(engines())('organisation info (orgInfo) on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let otherAdmin: string;
  let labOrg: number;
  let otherOrg: number;

  const request = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie, ...headers },
      ...(payload ? { payload } : {}),
    });
  const upload = (cookie: string, body: Buffer, type = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url: '/api/organization/logo',
      headers: { ...t.signed(), cookie, 'content-type': type },
      payload: body,
    });
  const logs = async (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['module', 'content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'orgInfo')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const lab = await createTestOrganization(t, 'Lab', {
      // Not opened to open capability, so a form that tries to open it shows up below.
      openness: false,
      products: ['ELN', 'CIMS'],
      admin: { account: 'admin@org.example', products: ['ELN'] },
      members: [{ realName: 'Member', account: 'member@org.example', products: ['ELN', 'CIMS'] }],
    });
    labOrg = lab.orgId;
    otherOrg = (await createTestOrganization(t, 'Other', { admin: { account: 'admin@other-org.example' } }))
      .orgId;
    admin = (await signIn(t, 'admin@org.example')).cookie;
    member = (await signIn(t, 'member@org.example')).cookie;
    otherAdmin = (await signIn(t, 'admin@other-org.example')).cookie;
  });
  afterAll(() => t.close());

  it('reads the administrator’s own organisation', async () => {
    const response = await request('GET', '/api/organization/my', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ID: labOrg, OrgName: 'Lab', Logo: '', Industry: '', Contact: '' });
  });

  it('saves name, industry and contact with an operation-log row', async () => {
    const response = await request('PUT', `/api/organization/${labOrg}`, admin, {
      OrgName: ' Lab Renamed ',
      Industry: 'Pharmaceuticals',
      Contact: 'Ada, 13800000000',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      OrgName: 'Lab Renamed',
      Industry: 'Pharmaceuticals',
      Contact: 'Ada, 13800000000',
    });
    const rows = await logs(labOrg);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operator_name: 'Lab Admin' });
    expect(rows[0].content).toContain('Lab Renamed');
  });

  it('refuses an all-space name and a too long contact, changing nothing', async () => {
    const blank = await request('PUT', `/api/organization/${labOrg}`, admin, { OrgName: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.key).toBe('errors.validation.allSpaces');
    const long = await request('PUT', `/api/organization/${labOrg}`, admin, { Contact: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toEqual({
      key: 'errors.validation.tooLong',
      params: { field: 'Contact', max: 200 },
    });
    expect((await request('GET', '/api/organization/my', admin)).json().data.OrgName).toBe('Lab Renamed');
  });

  it('ignores fields the form does not have (mass assignment)', async () => {
    const response = await request('PUT', `/api/organization/${labOrg}`, admin, {
      Industry: 'Pharmaceuticals',
      ID: 999,
      openness_authorized: 1,
      Logo: 'https://evil.example/logo.png',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ ID: labOrg, Logo: '' });
    const row = await t.database.db
      .selectFrom('organizations')
      .select(['openness_authorized', 'logo'])
      .where('id', '=', labOrg)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ openness_authorized: 0, logo: '' });
  });

  it('keeps organisation B out of organisation A, with a guessed id', async () => {
    const hijack = await request('PUT', `/api/organization/${labOrg}`, otherAdmin, { OrgName: 'Hijacked' });
    expect(hijack.statusCode).toBe(404);
    expect(hijack.json().error.key).toBe('errors.organization.notFound');
    const mine = (await request('GET', '/api/organization/my', otherAdmin)).json().data;
    expect(mine).toMatchObject({ ID: otherOrg, OrgName: 'Other' });
    expect((await request('GET', '/api/organization/my', admin)).json().data.OrgName).toBe('Lab Renamed');
  });

  it('uploads a png logo, serves it back and logs the upload', async () => {
    const response = await upload(admin, PNG, 'image/png');
    expect(response.statusCode).toBe(200);
    const url = response.json().data.Logo;
    expect(url).toMatch(/^\/api\/organization\/logo\?v=\d+$/);
    expect((await request('GET', '/api/organization/my', admin)).json().data.Logo).toBe(url);
    const image = await request('GET', url, member);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await logs(labOrg)).some((row) => row.content.startsWith('Uploaded a new logo'))).toBe(true);
  });

  it('takes a jpeg sent as octet-stream, or labelled a form as axios labels a Blob', async () => {
    expect((await upload(admin, PNG, 'application/x-www-form-urlencoded')).statusCode).toBe(200);
    const response = await upload(admin, JPEG);
    expect(response.statusCode).toBe(200);
    const image = await request('GET', '/api/organization/logo', admin);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a non-image renamed .png by its content, keeping the old logo', async () => {
    const before = (await request('GET', '/api/organization/my', admin)).json().data.Logo;
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload(admin, text, 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({
      key: 'errors.organization.logoFormat',
      params: { types: 'png, jpg' },
    });
    expect(response.json().message).toBe('文件格式错误，请上传 png, jpg 格式的文件');
    expect((await request('GET', '/api/organization/my', admin)).json().data.Logo).toBe(before);
  });

  it('refuses an oversized logo with the limit named', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    const response = await upload(admin, big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      key: 'errors.organization.logoTooLarge',
      params: { max: '2MB' },
    });
    const empty = await upload(admin, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('gives organisation B no logo of organisation A', async () => {
    const response = await request('GET', '/api/organization/logo', otherAdmin);
    expect(response.statusCode).toBe(404);
  });

  it('reads the platform info and the authorised products read-only', async () => {
    const platform = (await request('GET', '/api/organization/platformInfo', admin)).json().data;
    expect(platform).toMatchObject({ MemberCount: 2, AdminCount: 1, DepartmentCount: 0 });
    expect(platform.Version).toMatch(/^\d+\.\d+/);
    const products = (
      await request('GET', '/api/organization/authorizeInfo', admin, undefined, {
        'accept-language': 'en-US',
      })
    ).json().data;
    const byCode = Object.fromEntries(products.map((p: { Code: string }) => [p.Code, p]));
    expect(byCode.ELN).toMatchObject({ IsAuthorized: true, AccountCount: 2 });
    expect(byCode.CIMS).toMatchObject({ IsAuthorized: true, AccountCount: 1 });
    expect(byCode.PM).toMatchObject({ IsAuthorized: false, AccountCount: 0, GrantedAt: null });
    const other = (await request('GET', '/api/organization/authorizeInfo', otherAdmin)).json().data;
    expect(other.every((p: { IsAuthorized: boolean }) => !p.IsAuthorized)).toBe(true);
  });

  it('answers a member 403 on every administrator endpoint', async () => {
    const calls = [
      request('GET', '/api/organization/my', member),
      request('PUT', `/api/organization/${labOrg}`, member, { OrgName: 'Member made' }),
      request('GET', '/api/organization/platformInfo', member),
      request('GET', '/api/organization/authorizeInfo', member),
      upload(member, PNG, 'image/png'),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
    expect((await request('GET', '/api/organization/my', admin)).json().data.OrgName).toBe('Lab Renamed');
  });
});
