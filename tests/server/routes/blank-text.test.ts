import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const WATERMARK = {
  Text: 'Confidential',
  Contents: ['name'],
  Wrap: true,
  Image: '',
  Density: 'dense',
  Size: 20,
  Depth: 25,
  DisplayType: 'tile',
  Products: [],
};

/**
 * SPEC §5 "Text: must not be all spaces", through the real app: every free-text field of a request takes
 * the shared text schema (domain/schemas/common), so text made only of spaces is refused in words, by field,
 * and nothing is saved; an optional field may still be left empty.
 */
describe.each(engines())('text made only of spaces on %s', (engine) => {
  let t: TestApp;
  let orgId: number;
  let adminId: number;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const acme = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test', realName: 'Ada Admin' },
    });
    orgId = acme.orgId;
    adminId = acme.admin.id;
    adminCookie = (await signIn(t, 'admin@acme.test')).cookie;
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT', url: string, payload: object, language = 'zh-CN') =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie: adminCookie, 'accept-language': language },
      payload,
    });
  const logCount = async () =>
    (await t.database.db.selectFrom('operation_logs').select('id').where('org_id', '=', orgId).execute())
      .length;

  const cases: Array<[string, 'POST' | 'PUT', () => string, object, string]> = [
    ['the watermark text', 'POST', () => '/api/Watermark', { ...WATERMARK, Text: '   ' }, 'Text'],
    ['a department name', 'POST', () => '/api/department', { Name: ' \t ' }, 'Name'],
    [
      'a department description',
      'POST',
      () => '/api/department',
      { Name: 'R&D', Description: '  ' },
      'Description',
    ],
    ["the organisation's contact", 'PUT', () => `/api/organization/${orgId}`, { Contact: '  ' }, 'Contact'],
    [
      'a push key label',
      'POST',
      () => '/api/OrganizationOpenness/messagepush/pushKeys',
      { label: '   ' },
      'label',
    ],
    [
      'a name in personal info',
      'PUT',
      () => `/api/account/manageModify/${adminId}`,
      { RealName: '  ', IndustryArea: '' },
      'RealName',
    ],
  ];

  it.each(cases)('refuses %s, saving nothing', async (_what, method, url, payload, field) => {
    const before = await logCount();
    const response = await call(method, url(), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: '不能全为空格',
      error: { key: 'errors.validation.allSpaces', params: { field } },
    });
    expect(await logCount()).toBe(before);
  });

  it('says so in English too, and keeps the saved watermark text', async () => {
    expect((await call('POST', '/api/Watermark', WATERMARK)).statusCode).toBe(200);
    const response = await call('POST', '/api/Watermark', { ...WATERMARK, Text: '    ' }, 'en-US');
    expect(response.json().message).toBe('Cannot be all spaces');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/Watermark',
      headers: { cookie: adminCookie },
    });
    expect(read.json().data.Text).toBe('Confidential');
  });

  it('still takes an optional text left empty, and trims what it keeps', async () => {
    expect((await call('POST', '/api/Watermark', { ...WATERMARK, Text: '' })).statusCode).toBe(200);
    const created = await call('POST', '/api/department', { Name: '  Synthesis  ', Description: '' });
    expect(created.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('departments')
      .select(['name', 'description'])
      .where('id', '=', created.json().data.ID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Synthesis', description: '' });
  });
});
