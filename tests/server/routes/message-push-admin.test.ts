import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostIntegrationInputSchema } from '../../../domain/schemas/host-integrations';
import { createSecretBox } from '../../../server/security/secret-box';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { bindHostAccount, saveHostIntegration } from '../../../server/services/host-integrations-service';
import { PUSH_TEST_LIMIT } from '../../../server/services/message-push-service';
import { type HostFakes, startHostFakes } from '../../helpers/host-fakes';
import { runOpennessCommand } from '../../../server/commands/host-command';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const SECRETS_KEY = 'c3'.repeat(32);
const KEYS_URL = '/api/OrganizationOpenness/messagepush/pushKeys';
const OUTBOX_URL = '/api/OrganizationOpenness/messagepush/outbox';
const CONFIG_URL = '/api/OrganizationOpenness/messagepush/config';

describe.each(engines())('message-push screen endpoints on %s', (engine) => {
  let t: TestApp;
  let fakes: HostFakes;
  let acme: number;
  let beta: number;
  let ids: Record<string, number>;
  const cookies: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie: cookies[who] ?? '' },
      ...(payload ? { payload } : {}),
    });
  const send = (key: string, idempotencyKey: string, accountIds: number[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/messagepush/send',
      headers: { ...t.signed(), authorization: `Bearer ${key}` },
      payload: {
        idempotencyKey,
        product: 'ELN',
        accountIds,
        title: `Notice ${idempotencyKey}`,
        text: 'Hello',
      },
    });
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'messagePush')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    fakes = await startHostFakes();
    t = await createTestApp(
      engine,
      { ...fakes.env, SECRETS_KEY, HOST_API_TIMEOUT_MS: '5000' },
      { pushWorker: false },
    );
    acme = (
      await createTestOrganization(t, 'Acme', {
        products: ['ELN', 'PM'],
        admin: { account: 'admin@acme.test', realName: 'Ada' },
        members: [{ realName: 'Mo', account: 'mo@acme.test' }],
      })
    ).orgId;
    beta = (
      await createTestOrganization(t, 'Beta', {
        products: ['CIMS'],
        admin: { account: 'admin@beta.test' },
        members: [{ realName: 'Bea', account: 'bea@beta.test' }],
      })
    ).orgId;
    const accounts = await t.database.db.selectFrom('accounts').select(['id', 'email']).execute();
    ids = Object.fromEntries(accounts.map((row) => [row.email!, Number(row.id)]));
    for (const account of ['admin@acme.test', 'mo@acme.test', 'admin@beta.test', 'bea@beta.test']) {
      cookies[account] = (await signIn(t, account)).cookie;
    }

    await fakes.wecom.addApp({ corpId: 'wwacme', agentId: '1000002', secret: 'wecom-secret' });
    for (const userId of ['w-ada', 'w-mo']) await fakes.wecom.addUser({ userId });
    await saveHostIntegration(
      { db: t.database.db, orgId: acme, operator: CLI_OPERATOR, now: t.clock.now() },
      createSecretBox(Buffer.from(SECRETS_KEY, 'hex')),
      hostIntegrationInputSchema.parse({
        platform: 'wecom',
        corpId: 'wwacme',
        appSecret: 'wecom-secret',
        agentId: '1000002',
        enabled: true,
        products: ['ELN'],
      }),
    );
    for (const [account, userId] of [
      ['admin@acme.test', 'w-ada'],
      ['mo@acme.test', 'w-mo'],
    ]) {
      await bindHostAccount(
        t.database.db,
        acme,
        'wecom',
        { id: ids[account], name: account },
        userId,
        CLI_OPERATOR,
        0,
      );
    }
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  describe(`POST ${KEYS_URL}`, () => {
    it('issues a key shown once that products send with, lists it without the key, with an operation-log row', async () => {
      const issued = await call('POST', KEYS_URL, 'admin@acme.test', { label: 'ELN server' });
      expect(issued.statusCode).toBe(200);
      expect(issued.headers['cache-control']).toBe('no-store');
      const { key, id, label, revoked } = issued.json().data;
      expect(key).toMatch(/^upk_[\w-]{43}$/);
      expect({ label, revoked }).toEqual({ label: 'ELN server', revoked: 0 });
      expect((await send(key, 'k-1', [ids['mo@acme.test']])).statusCode).toBe(200);

      const listed = await call('GET', KEYS_URL, 'admin@acme.test');
      expect(listed.json().data.keys).toEqual([{ id, label: 'ELN server', createdAt: t.clock.now() }]);
      expect(listed.body).not.toContain(key);
      const stored = await t.database.db.selectFrom('push_keys').selectAll().where('id', '=', id).execute();
      expect(JSON.stringify(stored)).not.toContain(key);
      expect((await logs(acme)).at(-1)).toEqual({
        content: 'Created a push key (ELN server)',
        operator_name: 'Ada',
      });
    });

    it('rotates: the new key works and every earlier one is refused from then on', async () => {
      const first = (await call('POST', KEYS_URL, 'admin@acme.test', {})).json().data.key;
      const rotated = await call('POST', KEYS_URL, 'admin@acme.test', { label: 'rotated', rotate: true });
      expect(rotated.json().data.revoked).toBeGreaterThanOrEqual(1);
      expect((await send(first, 'k-2', [ids['mo@acme.test']])).statusCode).toBe(401);
      expect((await send(rotated.json().data.key, 'k-3', [ids['mo@acme.test']])).statusCode).toBe(200);
      const keys = (await call('GET', KEYS_URL, 'admin@acme.test')).json().data.keys;
      expect(keys.map((k: { label: string }) => k.label)).toEqual(['rotated']);
      expect((await logs(acme)).at(-1)?.content).toMatch(
        /^Rotated the push keys \(\d+ revoked\): created one/,
      );
    });

    it('keeps the label of the key a rotation replaces when no new one is typed', async () => {
      await call('POST', KEYS_URL, 'admin@acme.test', { label: 'ELN server', rotate: true });
      const rotated = await call('POST', KEYS_URL, 'admin@acme.test', { label: '', rotate: true });
      expect(rotated.statusCode).toBe(200);
      expect(rotated.json().data.label).toBe('ELN server');
      const keys = (await call('GET', KEYS_URL, 'admin@acme.test')).json().data.keys;
      expect(keys.map((k: { label: string }) => k.label)).toEqual(['ELN server']);
      expect((await logs(acme)).at(-1)?.content).toBe(
        'Rotated the push keys (1 revoked): created one (ELN server)',
      );
    });

    it('refuses a label over 100 characters and changes nothing', async () => {
      const before = (await call('GET', KEYS_URL, 'admin@acme.test')).json().data.keys;
      const refused = await call('POST', KEYS_URL, 'admin@acme.test', { label: 'x'.repeat(101) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.key).toBe('errors.validation.tooLong');
      expect((await call('GET', KEYS_URL, 'admin@acme.test')).json().data.keys).toEqual(before);
    });

    it("keeps organisations apart: B's rotation and revocation leave A's keys, and B lists only its own", async () => {
      const acmeKeys = (await call('GET', KEYS_URL, 'admin@acme.test')).json().data.keys;
      const betaIssued = await call('POST', KEYS_URL, 'admin@beta.test', { label: 'beta', rotate: true });
      expect(betaIssued.json().data.revoked).toBe(0);
      expect((await call('GET', KEYS_URL, 'admin@beta.test')).json().data.keys).toEqual([
        { id: betaIssued.json().data.id, label: 'beta', createdAt: t.clock.now() },
      ]);
      expect((await call('DELETE', KEYS_URL, 'admin@beta.test')).json().data).toEqual({ revoked: 1 });
      expect((await call('GET', KEYS_URL, 'admin@acme.test')).json().data.keys).toEqual(acmeKeys);
      expect((await logs(beta)).map((row) => row.content)).toEqual([
        'Rotated the push keys (0 revoked): created one (beta)',
        'Revoked 1 push key(s)',
      ]);
    });

    it('answers members 403 and signed-out callers 401, and changes nothing for them', async () => {
      const before = await t.database.db.selectFrom('push_keys').select('id').execute();
      for (const [method, url] of [
        ['GET', KEYS_URL],
        ['POST', KEYS_URL],
        ['DELETE', KEYS_URL],
        ['GET', OUTBOX_URL],
      ] as const) {
        expect((await call(method, url, 'mo@acme.test', method === 'POST' ? {} : undefined)).statusCode).toBe(
          403,
        );
        expect((await call(method, url, 'nobody', method === 'POST' ? {} : undefined)).statusCode).toBe(401);
      }
      expect(await t.database.db.selectFrom('push_keys').select('id').execute()).toEqual(before);
    });
  });

  describe(`DELETE ${KEYS_URL}`, () => {
    it('revokes every live key of the organisation with an operation-log row', async () => {
      const { key } = (await call('POST', KEYS_URL, 'admin@acme.test', { label: 'gone' })).json().data;
      const revoked = await call('DELETE', KEYS_URL, 'admin@acme.test');
      expect(revoked.json().data.revoked).toBeGreaterThanOrEqual(1);
      expect((await call('GET', KEYS_URL, 'admin@acme.test')).json().data.keys).toEqual([]);
      expect((await send(key, 'k-4', [ids['mo@acme.test']])).statusCode).toBe(401);
      expect((await logs(acme)).at(-1)?.content).toMatch(/^Revoked \d+ push key\(s\)$/);
    });
  });

  describe(`GET ${OUTBOX_URL}`, () => {
    it("pages the organisation's messages newest first with recipient, state, attempts and the platform's answer", async () => {
      const { key } = (await call('POST', KEYS_URL, 'admin@acme.test', { label: 'outbox' })).json().data;
      for (let i = 0; i < 3; i += 1) await send(key, `o-${i}`, [ids['mo@acme.test']]);
      await t.app.messagePush.drain();
      await fakes.wecom.script('/cgi-bin/message/send', {
        body: { errcode: 81013, errmsg: 'user & party & tag all invalid' },
      });
      await send(key, 'o-refused', [ids['admin@acme.test']]);
      await t.app.messagePush.drain();

      const page = await call('GET', `${OUTBOX_URL}?pageIndex=1&pageSize=2`, 'admin@acme.test');
      expect(page.statusCode).toBe(200);
      const { total, items } = page.json().data;
      expect(total).toBe(6); // k-1, k-3 and the four above
      expect(items.map((item: { title: string }) => item.title)).toEqual(['Notice o-refused', 'Notice o-2']);
      expect(items[0]).toMatchObject({ platform: 'wecom', product: 'ELN', recipient: 'Ada', attempts: 1 });
      expect(items[1]).toMatchObject({ recipient: 'Mo', status: 'sent', sentAt: t.clock.now() });
      expect(items[1].lastResponse).not.toBe('');

      const failed = await call('GET', `${OUTBOX_URL}?status=failed`, 'admin@acme.test');
      expect(failed.json().data.total).toBe(1);
      expect(failed.json().data.items[0]).toMatchObject({ title: 'Notice o-refused', status: 'failed' });
      expect(failed.json().data.items[0].lastResponse).toContain('81013');
      const last = await call('GET', `${OUTBOX_URL}?pageIndex=3&pageSize=2`, 'admin@acme.test');
      expect(last.json().data.items.map((item: { title: string }) => item.title)).toEqual([
        'Notice k-3',
        'Notice k-1',
      ]);
    });

    it("shows organisation B none of A's messages, and refuses a bad page or state", async () => {
      const betaPage = await call('GET', OUTBOX_URL, 'admin@beta.test');
      expect(betaPage.json().data).toEqual({ total: 0, items: [] });
      for (const query of ['pageIndex=0', 'pageSize=101', 'status=lost']) {
        expect((await call('GET', `${OUTBOX_URL}?${query}`, 'admin@acme.test')).statusCode).toBe(400);
      }
    });
  });

  describe(`GET ${CONFIG_URL}`, () => {
    it("offers each organisation's own licensed products for push", async () => {
      const acmeConfig = (await call('GET', CONFIG_URL, 'admin@acme.test')).json().data;
      expect(acmeConfig.licensedProducts).toEqual(['ELN', 'PM']);
      expect(acmeConfig.integrations.map((i: { platform: string }) => i.platform)).toEqual(['wecom']);
      const betaConfig = (await call('GET', CONFIG_URL, 'admin@beta.test')).json().data;
      expect(betaConfig).toEqual({ integrations: [], licensedProducts: ['CIMS'] });
    });
  });

  describe('POST /api/OrganizationOpenness/messagepush/test', () => {
    it(`sends an administrator at most ${PUSH_TEST_LIMIT} debug messages in ten minutes`, async () => {
      const debug = () =>
        call('POST', '/api/OrganizationOpenness/messagepush/test', 'admin@acme.test', { platform: 'wecom' });
      for (let i = 0; i < PUSH_TEST_LIMIT; i += 1) expect((await debug()).statusCode).toBe(200);
      const refused = await debug();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.key).toBe('errors.request.tooFrequent');
      t.clock.advance(10 * 60 * 1000 + 1);
      expect((await debug()).statusCode).toBe(200);
    });
  });

  describe('an organisation not authorised for open capability', () => {
    it('gets the not-authorised answer on every Openness endpoint, and its push key sends nothing', async () => {
      const { key } = (await call('POST', KEYS_URL, 'admin@acme.test', { label: 'before' })).json().data;
      const queued = () => t.database.db.selectFrom('message_outbox').select('id').execute();
      const before = await queued();
      await runOpennessCommand(t.database.db, { org: String(acme), revoke: true }, t.clock.now());
      try {
        for (const [method, url] of [
          ['GET', CONFIG_URL],
          ['GET', KEYS_URL],
          ['POST', KEYS_URL],
          ['DELETE', KEYS_URL],
          ['GET', OUTBOX_URL],
        ] as const) {
          const answer = await call(method, url, 'admin@acme.test', method === 'POST' ? {} : undefined);
          expect(answer.statusCode, `${method} ${url}`).toBe(403);
          expect(answer.json().error.key).toBe('errors.openness.notAuthorized');
        }
        const sent = await send(key, 'k-withdrawn', [ids['mo@acme.test']]);
        expect(sent.statusCode).toBe(403);
        expect(sent.json().error.key).toBe('errors.openness.notAuthorized');
        expect(await queued()).toEqual(before);
        // Organisation B, still authorised, is not affected.
        expect((await call('GET', CONFIG_URL, 'admin@beta.test')).statusCode).toBe(200);
      } finally {
        await runOpennessCommand(t.database.db, { org: String(acme), grant: true }, t.clock.now());
      }
      expect((await call('GET', CONFIG_URL, 'admin@acme.test')).statusCode).toBe(200);
      const trail = await t.database.db
        .selectFrom('operation_logs')
        .select('content')
        .where('org_id', '=', acme)
        .where('module', '=', 'openness')
        .orderBy('id')
        .execute();
      expect(trail.map((row) => row.content)).toEqual([
        'Authorisation for open capability withdrawn',
        'Authorised for open capability',
      ]);
    });
  });

  describe("SPEC §7's paths of the message-push screen", () => {
    const TEST_URL = '/api/OrganizationOpenness/messagepush/test';
    const betaApp = {
      corpId: 'dingbeta',
      appKey: 'ding-beta',
      appSecret: 'ding-beta-secret',
      agentId: '201',
      enabled: true,
      products: ['CIMS'],
    };

    it('GET OrganizationOpenness/getConfig answers what messagepush/config does, to administrators only', async () => {
      const spec = await call('GET', '/api/OrganizationOpenness/getConfig', 'admin@acme.test');
      expect(spec.statusCode).toBe(200);
      expect(spec.json()).toEqual((await call('GET', CONFIG_URL, 'admin@acme.test')).json());
      expect(spec.json().data.integrations[0]).toMatchObject({ platform: 'wecom', enabled: true });
      const member = await call('GET', '/api/OrganizationOpenness/getConfig', 'mo@acme.test');
      expect(member.statusCode).toBe(403);
      expect(member.json().error.key).toBe('errors.auth.noPermission');
    });

    it('POST OrganizationOpenness/modify/messagepush/config saves like the PUT, with its log row', async () => {
      const before = await logs(beta);
      const saved = await call(
        'POST',
        '/api/OrganizationOpenness/modify/messagepush/config',
        'admin@beta.test',
        {
          platform: 'dingtalk',
          ...betaApp,
        },
      );
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toMatchObject({ platform: 'dingtalk', corpId: 'dingbeta', enabled: true });
      expect(saved.body).not.toContain('ding-beta-secret');
      expect(await logs(beta)).toHaveLength(before.length + 1);
      const read = (await call('GET', '/api/OrganizationOpenness/getConfig', 'admin@beta.test')).json().data;
      expect(read.integrations.map((i: { platform: string }) => i.platform)).toEqual(['dingtalk']);

      const member = await call(
        'POST',
        '/api/OrganizationOpenness/modify/messagepush/config',
        'bea@beta.test',
        {
          platform: 'feishu',
          ...betaApp,
          corpId: 'cli_bea',
        },
      );
      expect(member.statusCode).toBe(403);
      const blank = await call(
        'POST',
        '/api/OrganizationOpenness/modify/messagepush/config',
        'admin@beta.test',
        {
          platform: 'feishu',
          ...betaApp,
          corpId: '   ',
        },
      );
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.key).toBe('errors.validation.allSpaces');
      expect(await logs(beta)).toHaveLength(before.length + 1);
    });

    it('GET messagepush/test?pushType=4 sends the debug message through the only integration switched on', async () => {
      t.clock.advance(10 * 60 * 1000 + 1);
      const sent = await call('GET', `${TEST_URL}?pushType=4`, 'admin@acme.test');
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data).toMatchObject({ delivered: true, result: 'delivered' });
      const messages = await fakes.wecom.requests('/cgi-bin/message/send');
      expect(messages.at(-1)!.body).toMatchObject({ touser: 'w-ada' });
    });

    it('refuses it unsigned, for another push type, to a member, and without a platform when several are on', async () => {
      const unsigned = await t.app.inject({
        method: 'GET',
        url: `${TEST_URL}?pushType=4`,
        headers: { cookie: cookies['admin@acme.test'] },
      });
      expect(unsigned.statusCode).toBe(400);
      const other = await call('GET', `${TEST_URL}?pushType=5`, 'admin@acme.test');
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({
        message: '未知的推送类型：调试消息的类型为 4',
        error: { key: 'errors.push.unknownPushType' },
      });
      expect((await call('GET', `${TEST_URL}?pushType=4`, 'mo@acme.test')).statusCode).toBe(403);

      await call('POST', '/api/OrganizationOpenness/modify/messagepush/config', 'admin@beta.test', {
        platform: 'feishu',
        ...betaApp,
        corpId: 'cli_beta',
        appKey: '',
        agentId: '',
      });
      const several = await t.app.inject({
        method: 'GET',
        url: `${TEST_URL}?pushType=4`,
        headers: { ...t.signed(), cookie: cookies['admin@beta.test'], 'accept-language': 'en-US' },
      });
      expect(several.statusCode).toBe(400);
      expect(several.json().message).toBe(
        'Message push is on for several platforms: choose the one to send the debug message through',
      );
      const named = await call('GET', `${TEST_URL}?pushType=4&platform=feishu`, 'admin@beta.test');
      expect(named.statusCode).toBe(409);
      expect(named.json().error.key).toBe('errors.push.notBound');
    });
  });
});
