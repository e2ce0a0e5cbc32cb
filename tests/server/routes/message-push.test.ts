import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hostIntegrationInputSchema,
  type HostIntegrationInput,
} from '../../../domain/schemas/host-integrations';
import { buildApp } from '../../../server/app';
import { createSecretBox } from '../../../server/security/secret-box';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { bindHostAccount, saveHostIntegration } from '../../../server/services/host-integrations-service';
import { issuePushKey } from '../../../server/services/message-push-service';
import { PUSH_MAX_ATTEMPTS } from '../../../server/services/message-push-worker';
import { type HostFakes, startHostFakes } from '../../helpers/host-fakes';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const SECRETS_KEY = 'b2'.repeat(32);
const HOUR_MS = 3600 * 1000;

describe.each(engines())('message push on %s', (engine) => {
  let t: TestApp;
  let fakes: HostFakes;
  let acme: number;
  let ids: Record<string, number>;
  let pushKey = '';

  const box = () => createSecretBox(Buffer.from(SECRETS_KEY, 'hex'));
  const integrate = (input: HostIntegrationInput) =>
    saveHostIntegration(
      { db: t.database.db, orgId: acme, operator: CLI_OPERATOR, now: t.clock.now() },
      box(),
      hostIntegrationInputSchema.parse(input),
    );
  const bind = (platform: 'dingtalk' | 'wecom' | 'feishu', account: string, userId: string) =>
    bindHostAccount(
      t.database.db,
      acme,
      platform,
      { id: ids[account], name: account },
      userId,
      CLI_OPERATOR,
      0,
    );
  const send = (payload: Record<string, unknown>, key = pushKey) =>
    t.app.inject({
      method: 'POST',
      url: '/api/messagepush/send',
      headers: { ...t.signed(), authorization: `Bearer ${key}` },
      payload,
    });
  const outbox = () => t.database.db.selectFrom('message_outbox').selectAll().orderBy('id').execute();
  const message = (key: string, accountIds: number[], product = 'ELN') => ({
    idempotencyKey: key,
    product,
    accountIds,
    title: 'Sample ready',
    text: `Sample for ${key} is ready`,
    url: 'https://eln.acme.test/samples/1',
  });

  beforeAll(async () => {
    fakes = await startHostFakes();
    t = await createTestApp(
      engine,
      { ...fakes.env, SECRETS_KEY, HOST_API_TIMEOUT_MS: '5000' },
      { pushWorker: false },
    );
    const org = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [
        { realName: 'Alice', account: '13900000001' },
        { realName: 'Bob', account: 'bob@acme.test' },
        { realName: 'Cleo', account: 'cleo@acme.test' },
      ],
    });
    acme = org.orgId;
    const accounts = await t.database.db.selectFrom('accounts').select(['id', 'mobile', 'email']).execute();
    ids = Object.fromEntries(accounts.map((row) => [row.email ?? row.mobile!, Number(row.id)]));

    await fakes.wecom.addApp({ corpId: 'wwacme', agentId: '1000002', secret: 'wecom-secret' });
    await fakes.dingtalk.addApp({
      appKey: 'ding-acme',
      appSecret: 'ding-secret',
      corpId: 'dingacme',
      agentId: '101',
    });
    await fakes.feishu.addApp({ appId: 'cli_acme', appSecret: 'feishu-secret' });
    for (const userId of ['w-admin', 'w-alice']) await fakes.wecom.addUser({ userId });
    await fakes.dingtalk.addUser({ userId: 'd-alice' });
    await fakes.feishu.addUser({ userId: 'f-admin' });
    await integrate({
      platform: 'wecom',
      corpId: 'wwacme',
      appSecret: 'wecom-secret',
      agentId: '1000002',
      enabled: true,
      products: ['ELN'],
    });
    await integrate({
      platform: 'dingtalk',
      corpId: 'dingacme',
      appKey: 'ding-acme',
      appSecret: 'ding-secret',
      agentId: '101',
      enabled: true,
      products: ['ELN', 'PM'],
    });
    await integrate({
      platform: 'feishu',
      corpId: 'cli_acme',
      appSecret: 'feishu-secret',
      enabled: false,
      products: ['PM'],
    });
    await bind('wecom', 'admin@acme.test', 'w-admin');
    await bind('wecom', '13900000001', 'w-alice');
    await bind('dingtalk', '13900000001', 'd-alice');
    await bind('feishu', 'admin@acme.test', 'f-admin');
    // Bob is bound to a WeCom id the corp no longer knows; Cleo is bound nowhere.
    await bind('wecom', 'bob@acme.test', 'w-gone');
    pushKey = (
      await issuePushKey(
        { db: t.database.db, orgId: acme, operator: CLI_OPERATOR, now: t.clock.now() },
        'ELN server',
      )
    ).key;
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });
  beforeEach(() => fakes.reset());

  describe('POST /api/messagepush/send', () => {
    it('queues one message per bound host of the product and sends each once, with the platform answer kept', async () => {
      const answer = await send(message('order-1', [ids['13900000001'], ids['cleo@acme.test'], 999999]));
      expect(answer.statusCode).toBe(200);
      const { messages, skipped } = answer.json().data;
      expect(messages.map((m: { platform: string }) => m.platform).sort()).toEqual(['dingtalk', 'wecom']);
      expect(messages.every((m: { status: string }) => m.status === 'queued')).toBe(true);
      expect(skipped).toEqual([
        { accountId: ids['cleo@acme.test'], reason: 'notBound' },
        { accountId: 999999, reason: 'unknownAccount' },
      ]);

      await t.app.messagePush.drain();
      const rows = await outbox();
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
      expect(rows.every((row) => row.platform_message_id !== '' && row.attempts === 1)).toBe(true);
      const wecom = await fakes.wecom.messages();
      expect(wecom.filter((m) => m.toUsers.includes('w-alice'))).toHaveLength(1);
      expect(wecom.at(-1)).toMatchObject({ agentId: '1000002', msgtype: 'textcard' });
      const notices = await fakes.dingtalk.notices();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ agentId: '101', userIds: ['d-alice'] });
    });

    it('queues nothing new for an idempotency key it has seen, and answers the messages it queued then', async () => {
      const first = await send(message('order-2', [ids['admin@acme.test']]));
      await t.app.messagePush.drain();
      const again = await send(message('order-2', [ids['admin@acme.test']]));
      expect(again.statusCode).toBe(200);
      expect(again.json().data.messages).toEqual([{ ...first.json().data.messages[0], status: 'sent' }]);
      await t.app.messagePush.drain();
      const delivered = (await fakes.wecom.messages()).filter((m) =>
        JSON.stringify(m.body).includes('order-2'),
      );
      expect(delivered).toHaveLength(1);
    });

    it('refuses a wrong or revoked push key, a product no integration carries, and unsigned calls', async () => {
      const wrong = await send(message('x-1', [ids['admin@acme.test']]), `upk_${'A'.repeat(43)}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.key).toBe('errors.push.badCredential');
      // Feishu carries PM but is switched off; DingTalk carries PM.
      const noHost = await send(message('x-2', [ids['admin@acme.test']], 'LIMS'));
      expect(noHost.statusCode).toBe(409);
      expect(noHost.json().error.key).toBe('errors.push.notConfigured');
      const badKey = await send({ ...message('x-3', [ids['admin@acme.test']]), idempotencyKey: 'has space' });
      expect(badKey.json().error.key).toBe('errors.push.badIdempotencyKey');
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/messagepush/send',
        headers: { authorization: `Bearer ${pushKey}` },
        payload: message('x-4', [ids['admin@acme.test']]),
      });
      expect(unsigned.statusCode).toBe(400);
    });

    it('retries a transient failure with backoff and delivers once; fails a refused recipient at once', async () => {
      await send(message('order-3b', [ids['bob@acme.test']]));
      await t.app.messagePush.drain();
      const bob = (await outbox()).find((row) => row.idempotency_key.startsWith('order-3b'))!;
      expect(bob).toMatchObject({ status: 'failed', attempts: 1 });
      expect(bob.last_response).toMatch(/recipientRejected/);

      await fakes.wecom.script('/cgi-bin/message/send', { status: 502 });
      await send(message('order-3', [ids['admin@acme.test']]));
      await t.app.messagePush.drain();
      const retried = (await outbox()).find((row) => row.idempotency_key.startsWith('order-3:'))!;
      expect(retried).toMatchObject({ status: 'queued', attempts: 1 });
      expect(retried.next_attempt_at).toBeGreaterThan(t.clock.now());
      expect(retried.last_response).toMatch(/unreachable.*HTTP 502/);

      await t.app.messagePush.drain();
      expect((await outbox()).find((row) => row.id === retried.id)!.status).toBe('queued');
      t.clock.advance(HOUR_MS);
      await t.app.messagePush.drain();
      expect((await outbox()).find((row) => row.id === retried.id)).toMatchObject({
        status: 'sent',
        attempts: 2,
      });
      const delivered = (await fakes.wecom.messages()).filter((m) =>
        JSON.stringify(m.body).includes('order-3 '),
      );
      expect(delivered).toHaveLength(1);
    });

    it(`gives up after ${PUSH_MAX_ATTEMPTS} transient failures`, async () => {
      await fakes.dingtalk.rateLimit('/topapi/message/corpconversation/asyncsend_v2', PUSH_MAX_ATTEMPTS);
      await send(message('order-4', [ids['13900000001']], 'PM'));
      for (let i = 0; i < PUSH_MAX_ATTEMPTS; i += 1) {
        await t.app.messagePush.drain();
        t.clock.advance(HOUR_MS);
      }
      const row = (await outbox()).find((r) => r.idempotency_key.startsWith('order-4'))!;
      expect(row).toMatchObject({ status: 'failed', attempts: PUSH_MAX_ATTEMPTS });
      expect(row.last_response).toMatch(/rateLimited/);
    });

    it('fetches a new token once when the platform says the cached one expired', async () => {
      await send(message('order-5a', [ids['admin@acme.test']]));
      await t.app.messagePush.drain();
      await fakes.reset();
      await fakes.wecom.expireTokens();
      await send(message('order-5', [ids['admin@acme.test']]));
      await t.app.messagePush.drain();
      expect((await outbox()).find((r) => r.idempotency_key.startsWith('order-5:'))!.status).toBe('sent');
      expect(await fakes.wecom.requests('/cgi-bin/gettoken')).toHaveLength(1);
      const sends = await fakes.wecom.requests('/cgi-bin/message/send');
      expect(sends).toHaveLength(2);
      expect(sends[0].query.access_token).not.toBe(sends[1].query.access_token);
    });

    it("survives a restart: another instance sends what was queued, and takes over a dead sender's lease", async () => {
      await send(message('order-6', [ids['admin@acme.test']]));
      await send(message('order-7', [ids['13900000001']], 'PM'));
      // A sender that died mid-send: its lease ran out.
      await t.database.db
        .updateTable('message_outbox')
        .set({ lease_owner: 'dead-instance', lease_until: Date.now() - 1 })
        .where('idempotency_key', 'like', 'order-7%')
        .execute();
      const second = await buildApp(t.config, t.database, {
        now: t.clock.now,
        logger: false,
        pushWorker: false,
      });
      await second.ready();
      try {
        await second.messagePush.drain();
      } finally {
        await second.close();
      }
      const rows = (await outbox()).filter((r) => /^order-[67]/.test(r.idempotency_key));
      expect(rows.map((r) => [r.status, r.last_response])).toEqual([
        ['sent', expect.any(String)],
        ['sent', expect.any(String)],
      ]);
      await t.app.messagePush.drain();
      expect(
        (await fakes.wecom.messages()).filter((m) => JSON.stringify(m.body).includes('order-6')),
      ).toHaveLength(1);
    });
    it('never sends a message twice when two instances send at once', async () => {
      for (let i = 0; i < 20; i += 1)
        await send(message(`burst-${i}`, [ids['admin@acme.test'], ids['13900000001']]));
      const second = await buildApp(t.config, t.database, {
        now: t.clock.now,
        logger: false,
        pushWorker: false,
      });
      await second.ready();
      try {
        await Promise.all([t.app.messagePush.drain(), second.messagePush.drain()]);
      } finally {
        await second.close();
      }
      const burst = (await outbox()).filter((row) => row.idempotency_key.startsWith('burst-'));
      // Alice is bound on WeCom and DingTalk, the administrator on WeCom: three messages per send.
      expect(burst).toHaveLength(60);
      const notSentOnce = burst.filter((row) => row.status !== 'sent' || row.attempts !== 1);
      expect(notSentOnce.map((row) => [row.idempotency_key, row.status, row.last_response])).toEqual([]);
      expect(
        (await fakes.dingtalk.notices()).filter((n) => JSON.stringify(n.msg).includes('burst-')),
      ).toHaveLength(20);
      const wecom = (await fakes.wecom.messages()).filter((m) => JSON.stringify(m.body).includes('burst-'));
      expect(wecom).toHaveLength(40);
      expect(new Set(wecom.map((m) => `${m.toUsers[0]} ${JSON.stringify(m.body)}`)).size).toBe(40);
    });
  });

  describe('POST /api/OrganizationOpenness/messagepush/test', () => {
    const debug = (platform: string, cookie: string, language = 'en-US') =>
      t.app.inject({
        method: 'POST',
        url: '/api/OrganizationOpenness/messagepush/test',
        headers: { ...t.signed(), cookie, 'accept-language': language },
        payload: { platform },
      });

    it("sends a debug message to the administrator's own host identity and says what the platform answered", async () => {
      const { cookie } = await signIn(t, 'admin@acme.test');
      const answer = await debug('wecom', cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({
        delivered: true,
        result: 'delivered',
        message: 'WeCom accepted the message; look for it in WeCom',
      });
      expect(answer.json().data.detail).toMatch(/^message \w+/);
      const [sent] = await fakes.wecom
        .messages()
        .then((all) => all.filter((m) => m.toUsers.includes('w-admin')).slice(-1));
      expect(JSON.stringify(sent.body)).toContain('debug message');

      await fakes.wecom.script('/cgi-bin/message/send', {
        body: { errcode: 81013, errmsg: 'user & party & tag all invalid' },
      });
      const refused = await debug('wecom', cookie, 'zh-CN');
      expect(refused.json().data).toMatchObject({ delivered: false, result: 'recipientRejected' });
      expect(refused.json().data.message).toMatch(/^企业微信拒绝了接收人/);
      expect(refused.json().data.detail).toContain('81013 user & party & tag all invalid');
    });

    it('refuses a switched-off integration, an administrator bound nowhere on it, and members', async () => {
      const admin = await signIn(t, 'admin@acme.test');
      const off = await debug('feishu', admin.cookie);
      expect(off.statusCode).toBe(409);
      expect(off.json().error.key).toBe('errors.push.notConfigured');
      const unbound = await debug('dingtalk', admin.cookie);
      expect(unbound.statusCode).toBe(409);
      expect(unbound.json().error.key).toBe('errors.push.notBound');
      const member = await signIn(t, 'cleo@acme.test');
      expect((await debug('wecom', member.cookie)).statusCode).toBe(403);
    });
  });
});
