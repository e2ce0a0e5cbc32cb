import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hostIntegrationInputSchema } from '../../../domain/schemas/host-integrations';
import { runAppCredentialCommand } from '../../../server/commands/open-command';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { createSecretBox } from '../../../server/security/secret-box';
import { saveHostIntegration } from '../../../server/services/host-integrations-service';
import { type HostFakes, startHostFakes } from '../../helpers/host-fakes';
import { createTestApp, createTestOrganization, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const SECRETS_KEY = 'b2'.repeat(32);

describe.each(engines())('open API third-party accounts on %s', (engine) => {
  let t: TestApp;
  let fakes: HostFakes;
  let acme: number;
  const tokens: Record<string, string> = {};

  const call = (who: 'acme' | 'beta', path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/Sdk/ucapi/${path}`,
      headers: { authorization: `Bearer ${tokens[who]}`, 'accept-language': 'en-US' },
      payload,
    });
  const logRows = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select('content_key')
      .where('org_id', '=', orgId)
      .where('content_key', 'like', '%thirdAccount%')
      .execute();
  const dingTalkSignIn = async (userId: string) => {
    await fakes.dingtalk.addUser({ userId, unionId: `union-${userId}`, mobile: '13711112222' });
    const code = await fakes.dingtalk.issueCode('ding-acme3', userId);
    return t.app.inject({
      method: 'POST',
      url: '/api/account/isAuthorizeLogin',
      headers: t.signed(),
      payload: { platform: 'dingtalk', code, corpId: 'dingacme3' },
    });
  };

  beforeAll(async () => {
    fakes = await startHostFakes();
    t = await createTestApp(engine, { ...fakes.env, SECRETS_KEY });
    acme = (
      await createTestOrganization(t, 'Acme', {
        admin: { account: 'admin@acme.test' },
        members: [
          { realName: 'Alice', account: 'alice@acme.test' },
          { realName: 'Bob', account: '13900000002' },
        ],
      })
    ).orgId;
    const beta = (
      await createTestOrganization(t, 'Beta', {
        admin: { account: 'admin@beta.test' },
        members: [{ realName: 'Carol', account: 'carol@beta.test' }],
      })
    ).orgId;
    for (const [who, orgId] of [
      ['acme', acme],
      ['beta', beta],
    ] as const) {
      const lines = (
        await runAppCredentialCommand(t.database.db, { org: String(orgId), name: `${who} HR` }, t.clock.now())
      ).join('\n');
      const credential = {
        appKey: /app key: (\S+)/.exec(lines)![1],
        appSecret: /app secret: (\S+)/.exec(lines)![1],
      };
      tokens[who] = (
        await t.app.inject({ method: 'POST', url: '/api/Sdk/ucapi/token', payload: credential })
      ).json().data.accessToken;
    }
    await fakes.dingtalk.addApp({
      appKey: 'ding-acme3',
      appSecret: 'ding-acme3-secret',
      corpId: 'dingacme3',
      agentId: '301',
    });
    await saveHostIntegration(
      { db: t.database.db, orgId: acme, operator: CLI_OPERATOR, now: t.clock.now() },
      createSecretBox(Buffer.from(SECRETS_KEY, 'hex')),
      hostIntegrationInputSchema.parse({
        platform: 'dingtalk',
        corpId: 'dingacme3',
        appKey: 'ding-acme3',
        appSecret: 'ding-acme3-secret',
        agentId: '301',
        enabled: true,
      }),
    );
    // Alice gets an external id from the organisation's system.
    await call('acme', 'members', {
      items: [{ externalId: 'E-ALICE', email: 'alice@acme.test', name: 'Alice' }],
    });
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });
  beforeEach(() => fakes.reset());

  it('binds by external id, mobile or email and reads the binding by identity or by member', async () => {
    const bound = await call('acme', 'bind/thirdaccount', {
      platform: 'dingtalk',
      thirdAccountId: 'ding-alice',
      externalId: 'E-ALICE',
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().data).toMatchObject({
      platform: 'dingtalk',
      thirdAccountId: 'ding-alice',
      enabled: true,
      member: { name: 'Alice', email: 'alice@acme.test', externalId: 'E-ALICE', current: true },
    });
    const byMobile = await call('acme', 'bind/thirdaccount', {
      platform: 'wecom',
      thirdAccountId: 'wc-bob',
      mobile: '13900000002',
    });
    expect(byMobile.json().data.member).toMatchObject({
      name: 'Bob',
      mobile: '13900000002',
      externalId: null,
    });

    const byIdentity = (
      await call('acme', 'detail/thirdaccount', { platform: 'dingtalk', thirdAccountId: 'ding-alice' })
    ).json().data.items;
    expect(byIdentity.map((item: { member: { name: string } }) => item.member.name)).toEqual(['Alice']);
    await call('acme', 'bind/thirdaccount', {
      platform: 'feishu',
      thirdAccountId: 'fs-alice',
      email: 'Alice@acme.test',
    });
    const byMember = (await call('acme', 'detail/thirdaccount', { externalId: 'E-ALICE' })).json().data.items;
    expect(byMember.map((item: { platform: string }) => item.platform)).toEqual(['dingtalk', 'feishu']);
    const onePlatform = (
      await call('acme', 'detail/thirdaccount', { email: 'alice@acme.test', platform: 'feishu' })
    ).json().data.items;
    expect(onePlatform.map((item: { thirdAccountId: string }) => item.thirdAccountId)).toEqual(['fs-alice']);
  });

  it("refuses an identity another member holds, and members outside the app's organisation", async () => {
    const taken = await call('acme', 'bind/thirdaccount', {
      platform: 'dingtalk',
      thirdAccountId: 'ding-alice',
      mobile: '13900000002',
    });
    expect(taken.statusCode).toBe(409);
    const foreign = await call('acme', 'bind/thirdaccount', {
      platform: 'dingtalk',
      thirdAccountId: 'ding-carol',
      email: 'carol@beta.test',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No such member in the organisation');
    const unknownId = await call('acme', 'bind/thirdaccount', {
      platform: 'dingtalk',
      thirdAccountId: 'ding-x',
      externalId: 'E-NOBODY',
    });
    expect(unknownId.statusCode).toBe(404);
    // Beta's app sees none of Acme's third-party accounts and cannot switch them.
    const seen = await call('beta', 'detail/thirdaccount', {
      platform: 'dingtalk',
      thirdAccountId: 'ding-alice',
    });
    expect(seen.json().data.items).toEqual([]);
    const switched = await call('beta', 'thirdaccount/0', {
      platform: 'dingtalk',
      thirdAccountId: 'ding-alice',
    });
    expect(switched.statusCode).toBe(404);
    const rows = await t.database.db
      .selectFrom('host_bindings')
      .select(['disabled_at'])
      .where('host_user_id', '=', 'ding-alice')
      .execute();
    expect(rows).toEqual([{ disabled_at: null }]);
  });

  it('refuses bad bodies with 400 in words', async () => {
    const noMember = await call('acme', 'bind/thirdaccount', { platform: 'dingtalk', thirdAccountId: 'x' });
    expect(noMember.statusCode).toBe(400);
    expect(noMember.json().message).toContain("Give the member's external id, mobile number or email");
    const badPlatform = await call('acme', 'bind/thirdaccount', {
      platform: 'myspace',
      thirdAccountId: 'x',
      email: 'alice@acme.test',
    });
    expect(badPlatform.statusCode).toBe(400);
    expect((await call('acme', 'detail/thirdaccount', { thirdAccountId: 'x' })).statusCode).toBe(400);
    expect(
      (await call('acme', 'thirdaccount/2', { platform: 'dingtalk', thirdAccountId: 'x' })).statusCode,
    ).toBe(400);
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/Sdk/ucapi/detail/thirdaccount',
      payload: { externalId: 'E-ALICE' },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('switches an account off, so it signs nobody in, and on again, each with an operation-log row', async () => {
    await call('acme', 'bind/thirdaccount', {
      platform: 'dingtalk',
      thirdAccountId: 'ding-bob',
      mobile: '13900000002',
    });
    expect((await dingTalkSignIn('ding-bob')).statusCode).toBe(200);

    const off = await call('acme', 'thirdaccount/0', { platform: 'dingtalk', thirdAccountId: 'ding-bob' });
    expect(off.json().data).toMatchObject({ enabled: false, member: { name: 'Bob' } });
    const refused = await dingTalkSignIn('ding-bob');
    expect(refused.statusCode).not.toBe(200);
    expect(refused.cookies.some((cookie) => cookie.name === 'uc_session' && cookie.value)).toBe(false);
    const read = (
      await call('acme', 'detail/thirdaccount', { platform: 'dingtalk', thirdAccountId: 'ding-bob' })
    ).json().data.items;
    expect(read[0].enabled).toBe(false);

    const on = await call('acme', 'thirdaccount/1', { platform: 'dingtalk', thirdAccountId: 'ding-bob' });
    expect(on.json().data.enabled).toBe(true);
    expect((await dingTalkSignIn('ding-bob')).statusCode).toBe(200);
    // Switching on what is on changes nothing and logs nothing.
    await call('acme', 'thirdaccount/1', { platform: 'dingtalk', thirdAccountId: 'ding-bob' });
    expect((await logRows(acme)).map((row) => row.content_key)).toEqual([
      'operationLog.content.thirdAccountDisabled',
      'operationLog.content.thirdAccountEnabled',
    ]);
    expect(
      (await call('acme', 'thirdaccount/0', { platform: 'dingtalk', thirdAccountId: 'nobody' })).statusCode,
    ).toBe(404);
  });

  it('writes every call in the interface log, refusals as failures', async () => {
    const rows = await t.database.db
      .selectFrom('open_calls')
      .select(['api_name', 'sync_status', 'response_status'])
      .where('org_id', '=', acme)
      .where('api_name', 'like', '%thirdaccount%')
      .orderBy('id')
      .execute();
    expect(rows.length).toBeGreaterThan(8);
    expect(rows).toContainEqual({ api_name: 'bind/thirdaccount', sync_status: 1, response_status: 200 });
    expect(rows).toContainEqual({ api_name: 'bind/thirdaccount', sync_status: 2, response_status: 409 });
    expect(rows).toContainEqual({ api_name: 'thirdaccount/0', sync_status: 1, response_status: 200 });
    expect(rows).toContainEqual({ api_name: 'detail/thirdaccount', sync_status: 1, response_status: 200 });
  });
});
