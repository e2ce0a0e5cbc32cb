import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { createRepositories } from '../../../server/repositories';
import { loadConfig } from '../../../server/core/config';
import { addMember, createOrganization } from '../../../server/provisioning';
import { type HostFakes, startHostFakes } from '../../helpers/host-fakes';
import { signedHeaders } from '../../helpers/signed-headers';
import { createClock, TEST_PASSWORD } from '../../helpers/test-app';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

const SECRET = 'Ding-Acme-App-Secret-9f8e7d6c';
const CONFIG_URL = '/api/OrganizationOpenness/messagepush/config';

describe.each(engines())('chat-host integrations on %s', (engine) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let fakes: HostFakes;
  let output = '';
  const clock = createClock();
  let config: ReturnType<typeof loadConfig>;

  const request = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { ...signedHeaders(config.signingKey, clock.now()), cookie },
      ...(payload ? { payload } : {}),
    });
  const signIn = async (account: string) => {
    const response = await request('POST', '/api/account/loginV2', '', {
      account,
      password: TEST_PASSWORD,
      agreed: true,
    });
    const session = response.cookies.find((cookie) => cookie.name === 'uc_session')!;
    return `uc_session=${session.value}`;
  };
  let admin = '';
  let member = '';

  beforeAll(async () => {
    fakes = await startHostFakes();
    database = await createTestDatabase(engine);
    const people = (domain: string) => ({
      admin: { realName: 'Admin', account: `admin@${domain}`, password: TEST_PASSWORD },
    });
    const { orgId } = await createOrganization(
      database.db,
      { name: 'Acme', products: [], ...people('acme.test') },
      0,
    );
    const beta = await createOrganization(
      database.db,
      { name: 'Beta', products: [], ...people('beta.test') },
      0,
    );
    for (const id of [orgId, beta.orgId])
      await createRepositories(database.db).organizations.setOpennessAuthorized(id, true);
    await addMember(
      database.db,
      orgId,
      { realName: 'Mo', account: 'mo@acme.test', password: TEST_PASSWORD },
      0,
    );
    config = loadConfig({
      ...fakes.env,
      STATIC_DIR: '/nonexistent-client',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'),
    });
    const destination = new PassThrough();
    destination.on('data', (chunk: Buffer) => (output += chunk.toString()));
    app = await buildApp(config, database, { now: clock.now, logDestination: destination });
    await app.ready();
    admin = await signIn('admin@acme.test');
    member = await signIn('mo@acme.test');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await fakes.close();
  });

  const dingtalk = {
    platform: 'dingtalk',
    corpId: 'dingacme',
    appKey: 'ding-acme',
    appSecret: SECRET,
    agentId: '101',
    enabled: true,
    products: ['ELN', 'PM'],
  };

  it('saves an integration and shows its secret only masked, with an operation-log row', async () => {
    const saved = await request('PUT', CONFIG_URL, admin, dingtalk);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      platform: 'dingtalk',
      corpId: 'dingacme',
      appKey: 'ding-acme',
      appSecretMask: '********7d6c',
      agentId: '101',
      enabled: true,
      products: ['ELN', 'PM'],
      updatedAt: clock.now(),
    });
    const listed = await request('GET', CONFIG_URL, admin);
    expect(listed.json().data.integrations).toEqual([saved.json().data]);
    expect(listed.body).not.toContain(SECRET);
    const log = await database.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'messagePush')
      .executeTakeFirstOrThrow();
    expect(log.operator_name).toBe('Admin');
    expect(log.content).not.toContain(SECRET);
  });

  it('keeps the stored secret when the screen sends none, and refuses a first save without one', async () => {
    const kept = await request('PUT', CONFIG_URL, admin, { ...dingtalk, appSecret: '', enabled: false });
    expect(kept.json().data).toMatchObject({ appSecretMask: '********7d6c', enabled: false });
    const none = await request('PUT', CONFIG_URL, admin, {
      platform: 'feishu',
      corpId: 'cli_acme',
      enabled: true,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.key).toBe('errors.host.secretRequired');
  });

  it('refuses a corp id another organisation uses, and members who are not administrators', async () => {
    const beta = await signIn('admin@beta.test');
    const taken = await request('PUT', CONFIG_URL, beta, { ...dingtalk, appSecret: 'other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.key).toBe('errors.host.idTaken');
    expect((await request('GET', CONFIG_URL, member)).statusCode).toBe(403);
    expect((await request('PUT', CONFIG_URL, member, dingtalk)).statusCode).toBe(403);
    expect((await request('GET', CONFIG_URL, '')).statusCode).toBe(401);
  });

  it('never writes a secret, a platform token or a sign-in code to the logs', async () => {
    await fakes.dingtalk.addApp({
      appKey: 'ding-acme',
      appSecret: SECRET,
      corpId: 'dingacme',
      agentId: '101',
    });
    await fakes.dingtalk.addUser({ userId: 'u-admin', email: 'admin@acme.test' });
    await request('PUT', CONFIG_URL, admin, { ...dingtalk, enabled: true });
    const code = await fakes.dingtalk.issueCode('ding-acme', 'u-admin');
    const signedIn = await request('POST', '/api/account/isAuthorizeLogin', '', {
      platform: 'dingtalk',
      code,
      corpId: 'dingacme',
    });
    expect(signedIn.statusCode).toBe(200);
    // A secret the platform refuses: the operator is told which platform said what, without the secret.
    await fakes.dingtalk.addApp({
      appKey: 'ding-acme',
      appSecret: 'rotated',
      corpId: 'dingacme',
      agentId: '101',
    });
    await request('PUT', CONFIG_URL, admin, { ...dingtalk, appSecret: `${SECRET}-stale` });
    const refused = await request('POST', '/api/account/isAuthorizeLogin', '', {
      platform: 'dingtalk',
      code: await fakes.dingtalk.issueCode('ding-acme', 'u-admin'),
      corpId: 'dingacme',
    });
    expect(refused.statusCode).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const tokens = (await fakes.dingtalk.requests('/topapi/v2/user/getuserinfo')).map(
      (r) => r.query.access_token,
    );
    expect(tokens.length).toBeGreaterThan(0);
    expect(output).toContain('credentialsRejected');
    expect(output).toContain('errors.host.unreachable');
    for (const secret of [SECRET, 'rotated', code, ...tokens]) expect(output).not.toContain(secret);
    for (const response of [signedIn, refused]) expect(response.body).not.toContain(SECRET);
  });
});
