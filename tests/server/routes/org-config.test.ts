import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

type Method = 'GET' | 'POST' | 'PUT';

describe.each(engines())('organisation configuration (SPEC §7 Settings) on %s', (engine) => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  let adminA: string;
  let memberA: string;
  let adminB: string;

  const call = (method: Method, url: string, cookie: string, payload?: object, lang = 'en-US') =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie, 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'module'])
      .where('org_id', '=', orgId)
      .where('content', 'like', "Set the organisation's configuration%")
      .execute();
  const items = async (cookie: string, category?: string) => {
    const response = await call(
      'POST',
      '/api/organizationConfig',
      cookie,
      category ? { Category: category } : {},
    );
    expect(response.statusCode).toBe(200);
    return response.json().data.Items as { ConfigValueID: string; Value: unknown; Available: boolean }[];
  };
  const valueOf = async (cookie: string, key: string) =>
    (await items(cookie)).find((item) => item.ConfigValueID === key)?.Value;

  beforeAll(async () => {
    // The deployment has every module on here; the ceiling has its own app below.
    t = await createTestApp(engine, { MODULE_APP_DOWNLOAD: 'true', MODULE_RESET: 'true' });
    orgA = (
      await createTestOrganization(t, 'Lab A', {
        admin: { account: 'admin@cfg-a.example' },
        members: [{ realName: 'Mei', account: 'member@cfg-a.example' }],
      })
    ).orgId;
    orgB = (await createTestOrganization(t, 'Lab B', { admin: { account: 'admin@cfg-b.example' } })).orgId;
    adminA = (await signIn(t, 'admin@cfg-a.example')).cookie;
    memberA = (await signIn(t, 'member@cfg-a.example')).cookie;
    adminB = (await signIn(t, 'admin@cfg-b.example')).cookie;
  });
  afterAll(() => t.close());

  it('lists every setting with its default until one is saved', async () => {
    const all = await items(adminA);
    expect(all.map((item) => item.ConfigValueID)).toEqual([
      'reset',
      'appDownload',
      'signInVerification',
      'lockIdleMinutes',
    ]);
    expect(all).toContainEqual(
      expect.objectContaining({
        ConfigValueID: 'lockIdleMinutes',
        Category: 'session',
        Type: 'integer',
        Value: 0,
        Min: 0,
        Max: 480,
        Available: true,
        UpdatedAt: null,
      }),
    );
    expect((await items(adminA, 'modules')).map((item) => item.ConfigValueID)).toEqual([
      'reset',
      'appDownload',
    ]);
  });

  it('refuses members and the signed-out, changing nothing', async () => {
    expect((await call('POST', '/api/organizationConfig', memberA, {})).statusCode).toBe(403);
    const put = await call('PUT', '/api/organizationConfig/appDownload', memberA, { Value: false });
    expect(put.statusCode).toBe(403);
    const save = await call('POST', '/api/organizationConfig/categoryList/modules', memberA, {
      Values: { appDownload: false },
    });
    expect(save.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/organizationConfig',
      headers: t.signed(),
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await logs(orgA)).toHaveLength(0);
    expect(await valueOf(adminA, 'appDownload')).toBe(true);
  });

  it('saves a category with one operation-log row, and members read the values in force', async () => {
    const saved = await call('POST', '/api/organizationConfig/categoryList/modules', adminA, {
      Values: { reset: true, appDownload: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.Items).toEqual([
      expect.objectContaining({ ConfigValueID: 'reset', Value: true, UpdatedAt: null }),
      expect.objectContaining({ ConfigValueID: 'appDownload', Value: false, UpdatedAt: t.clock.now() }),
    ]);
    expect(await logs(orgA)).toEqual([
      { module: 'systemSetting', content: "Set the organisation's configuration: App downloads: off" },
    ]);
    const inForce = await call('POST', '/api/configurations/modules', memberA);
    expect(inForce.statusCode).toBe(200);
    expect(inForce.json().data).toEqual({ Category: 'modules', Values: { reset: true, appDownload: false } });
    const session = (await call('GET', '/api/account/current', memberA)).json().data;
    expect(session.OrgSettings).toEqual({ modules: { reset: true, appDownload: false }, lockIdleMinutes: 0 });

    // The same values again change nothing and log nothing.
    await call('POST', '/api/organizationConfig/categoryList/modules', adminA, {
      Values: { appDownload: false },
    });
    expect(await logs(orgA)).toHaveLength(1);
  });

  it('sets one key by its ConfigValueID, matching the path ignoring case, and the session info shows it', async () => {
    const response = await call('PUT', '/api/ORGANIZATIONCONFIG/LockIdleMinutes', adminA, { Value: 15 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.Items).toEqual([
      expect.objectContaining({ ConfigValueID: 'lockIdleMinutes', Value: 15 }),
    ]);
    expect((await logs(orgA)).map((row) => row.content)).toContain(
      "Set the organisation's configuration: Lock screen after: 15 minutes",
    );
    const session = (await call('GET', '/api/account/current', memberA)).json().data;
    expect(session.OrgSettings.lockIdleMinutes).toBe(15);
  });

  it('keeps the security verification in its own setting, read and written from both endpoints', async () => {
    const saved = await call('POST', '/api/organizationConfig/categoryList/security', adminA, {
      Values: { signInVerification: 'always' },
    });
    expect(saved.statusCode).toBe(200);
    const own = (await call('GET', '/api/organizationConfig/secondaryVerification', adminA)).json().data;
    expect(own.mode).toBe('always');
    await call('PUT', '/api/organizationConfig/secondaryVerification', adminA, { mode: 'off' });
    expect(await valueOf(adminA, 'signInVerification')).toBe('off');
  });

  it.each([
    [
      'a number out of range',
      'lockIdleMinutes',
      481,
      'errors.orgConfig.range',
      'Enter a whole number from 0 to 480',
    ],
    [
      'a negative number',
      'lockIdleMinutes',
      -1,
      'errors.orgConfig.range',
      'Enter a whole number from 0 to 480',
    ],
    ['a fraction', 'lockIdleMinutes', 1.5, 'errors.orgConfig.range', 'Enter a whole number from 0 to 480'],
    [
      'a number as text',
      'lockIdleMinutes',
      '15',
      'errors.orgConfig.range',
      'Enter a whole number from 0 to 480',
    ],
    ['a switch as text', 'appDownload', 'yes', 'errors.orgConfig.notSwitch', 'Choose on or off'],
    [
      'an unknown option',
      'signInVerification',
      'sometimes',
      'errors.orgConfig.option',
      'Choose one of: off, new-device, always',
    ],
  ])('refuses %s with a localised error, changing nothing', async (_name, key, value, errorKey, message) => {
    const before = await logs(orgA);
    const response = await call('PUT', `/api/organizationConfig/${key}`, adminA, { Value: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      key: errorKey,
      params: expect.objectContaining({ field: key }),
    });
    expect(response.json().message).toBe(message);
    // The same value inside a category save, beside a valid one: refused whole.
    const category = { lockIdleMinutes: 'session', appDownload: 'modules', signInVerification: 'security' }[
      key
    ];
    const valid = key === 'appDownload' ? { reset: false } : key === 'lockIdleMinutes' ? {} : {};
    const whole = await call('POST', `/api/organizationConfig/categoryList/${category}`, adminA, {
      Values: { ...valid, [key]: value },
    });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().error.key).toBe(errorKey);
    expect(await logs(orgA)).toEqual(before);
  });

  it('refuses unknown keys, keys of another category and unknown categories, in both languages', async () => {
    const unknown = await call('PUT', '/api/organizationConfig/orgId', adminA, { Value: 2 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'There is no such setting',
      error: { key: 'errors.orgConfig.unknownKey' },
    });
    const chinese = await call('PUT', '/api/organizationConfig/orgId', adminA, { Value: 2 }, 'zh-CN');
    expect(chinese.json().message).toBe('不存在的配置项');
    const mixed = await call('POST', '/api/organizationConfig/categoryList/modules', adminA, {
      Values: { appDownload: true, lockIdleMinutes: 5 },
    });
    expect(mixed.json().error).toMatchObject({
      key: 'errors.orgConfig.unknownKey',
      params: { field: 'lockIdleMinutes' },
    });
    const category = await call('POST', '/api/organizationConfig/categoryList/billing', adminA, {
      Values: {},
    });
    expect(category.json().error.key).toBe('errors.orgConfig.unknownCategory');
    const list = await call('POST', '/api/organizationConfig', adminA, { Category: 'billing' });
    expect(list.json().error.key).toBe('errors.orgConfig.unknownCategory');
    // Nothing of the mixed save landed, not even its valid half.
    expect(await valueOf(adminA, 'appDownload')).toBe(false);
  });

  it("keeps each organisation to its own settings: B neither sees nor changes A's", async () => {
    expect(await valueOf(adminB, 'appDownload')).toBe(true);
    expect(await valueOf(adminB, 'lockIdleMinutes')).toBe(0);
    // An organisation named in the body is not the organisation saved: the session's is.
    const saved = await call('POST', '/api/organizationConfig/categoryList/session', adminB, {
      Values: { lockIdleMinutes: 5 },
      OrgID: orgA,
    });
    expect(saved.statusCode).toBe(200);
    expect(await valueOf(adminA, 'lockIdleMinutes')).toBe(15);
    expect(await valueOf(adminB, 'lockIdleMinutes')).toBe(5);
    expect((await logs(orgB)).map((row) => row.content)).toEqual([
      "Set the organisation's configuration: Lock screen after: 5 minutes",
    ]);
  });

  it('describes each key and names dictionary values in the caller language', async () => {
    const codes = (await call('GET', '/api/systemCode/configurations/security', memberA)).json().data;
    expect(codes).toEqual({
      Category: 'security',
      Items: [
        {
          ConfigValueID: 'signInVerification',
          Type: 'option',
          Default: 'off',
          Options: ['off', 'new-device', 'always'],
        },
      ],
    });
    const modules = (await call('GET', '/api/SystemDictionary?RecordType=module', memberA)).json().data.Items;
    expect(modules).toContainEqual({ Name: 'App downloads', Value: 'appDownload', RecordType: 'module' });
    const zh = (
      await call('GET', '/api/SystemDictionary?RecordType=configCategory', memberA, undefined, 'zh-CN')
    ).json();
    expect(zh.data.Items).toContainEqual({ Name: '会话', Value: 'session', RecordType: 'configCategory' });
    const all = (await call('GET', '/api/SystemDictionary', memberA)).json().data.Items;
    expect(new Set(all.map((item: { RecordType: string }) => item.RecordType))).toEqual(
      new Set(['configCategory', 'module', 'secondaryVerificationMode']),
    );
    const bad = await call('GET', '/api/SystemDictionary?RecordType=nothing', memberA);
    expect(bad.json().error.key).toBe('errors.orgConfig.unknownRecordType');
  });
});

describe.each(engines())('module switches in force: the deployment AND the organisation, on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let member: string;

  const call = (method: Method, url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    // App downloads off for the deployment, the reset wizard on.
    t = await createTestApp(engine, { MODULE_APP_DOWNLOAD: 'false', MODULE_RESET: 'true' });
    await createTestOrganization(t, 'Lab C', {
      admin: { account: 'admin@cfg-c.example' },
      members: [{ realName: 'Kai', account: 'member@cfg-c.example' }],
    });
    admin = (await signIn(t, 'admin@cfg-c.example')).cookie;
    member = (await signIn(t, 'member@cfg-c.example')).cookie;
  });
  afterAll(() => t.close());

  const inForce = async () => (await call('POST', '/api/configurations/modules', member)).json().data.Values;

  it('is on only where both are on', async () => {
    // deployment on, organisation on; deployment off, organisation on
    expect(await inForce()).toEqual({ reset: true, appDownload: false });
    const session = (await call('GET', '/api/account/current', member)).json().data;
    expect(session.OrgSettings.modules).toEqual({ reset: true, appDownload: false });
    // deployment on, organisation off
    await call('PUT', '/api/organizationConfig/reset', admin, { Value: false });
    expect(await inForce()).toEqual({ reset: false, appDownload: false });
    // The public boot configuration stays the deployment's.
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config.modules).toMatchObject({ reset: true, appDownload: false });
  });

  it('shows a module the deployment has off as unavailable and refuses switching it on', async () => {
    const list = (await call('POST', '/api/organizationConfig', admin, { Category: 'modules' })).json().data
      .Items;
    expect(list).toContainEqual(expect.objectContaining({ ConfigValueID: 'appDownload', Available: false }));
    expect(
      (await call('PUT', '/api/organizationConfig/appDownload', admin, { Value: false })).statusCode,
    ).toBe(200);
    const on = await call('PUT', '/api/organizationConfig/appDownload', admin, { Value: true });
    expect(on.statusCode).toBe(400);
    expect(on.json().error).toMatchObject({
      key: 'errors.orgConfig.deploymentOff',
      params: { field: 'appDownload' },
    });
  });
});

describe.each(engines())("the organisation's reset switch in the reset wizard, on %s", (engine) => {
  let t: TestApp;
  const outbox: string[] = [];
  let admin: string;
  let ipCount = 0;

  async function requestCode(account: string) {
    const ip = `198.51.100.${(ipCount += 1)}`;
    const captcha = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
    return t.app.inject({
      method: 'POST',
      url: '/api/Account/ModifyPassword/SendCode',
      headers: t.signed(),
      remoteAddress: ip,
      payload: { account, codeType: 2, captchaId: captcha.json().data.CaptchaId, validCode: 'ACDE' },
    });
  }
  const verify = (account: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Account/Code/Verify',
      headers: { ...t.signed(), 'accept-language': 'en-US' },
      payload: { Account: account, VerificationCode: code },
    });
  const setReset = (value: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/organizationConfig/reset',
      headers: { ...t.signed(), cookie: admin },
      payload: { Value: value },
    });

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {},
      { devOutbox: (line) => outbox.push(line), captchaText: () => 'ACDE' },
    );
    await createTestOrganization(t, 'Lab D', {
      admin: { account: 'admin@cfg-d.example' },
      members: [{ realName: 'Ana', account: 'member@cfg-d.example' }],
    });
    admin = (await signIn(t, 'admin@cfg-d.example')).cookie;
  });
  afterAll(() => t.close());

  it('sends no code to a member of an organisation that turned it off, answering the same', async () => {
    const before = await requestCode('member@cfg-d.example');
    expect(before.statusCode).toBe(200);
    const line = outbox.findLast((entry) => entry.endsWith(' for member@cfg-d.example'));
    const code = /code (\d{6}) for /.exec(line ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    expect((await setReset(false)).statusCode).toBe(200);
    // A code sent before the switch no longer opens the wizard, and says why.
    const late = await verify('member@cfg-d.example', code);
    expect(late.json()).toMatchObject({
      message: 'Your organisation does not let members reset their own password; ask your administrator',
      error: { key: 'errors.orgConfig.resetOff' },
    });
    t.clock.advance(2 * 60 * 60 * 1000);
    const printed = outbox.length;
    const off = await requestCode('member@cfg-d.example');
    expect(off.statusCode).toBe(before.statusCode);
    expect(off.json()).toEqual(before.json());
    expect(outbox).toHaveLength(printed);
  });
});
