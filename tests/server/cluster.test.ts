import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostIntegrationInputSchema } from '../../domain/schemas/host-integrations';
import { DEFAULT_SIGNING_KEY } from '../../server/core/config';
import { CLI_OPERATOR } from '../../server/core/operator';
import { runAppCredentialCommand, runOpenDelayCommand } from '../../server/commands/open-command';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import { createRepositories } from '../../server/repositories';
import { createSecretBox } from '../../server/security/secret-box';
import { bindHostAccount, saveHostIntegration } from '../../server/services/host-integrations-service';
import { issuePushKey } from '../../server/services/message-push-service';
import {
  clusterSkipReason,
  createClusterDatabase,
  demoAdminOf,
  metricValue,
  type ProxyAnswer,
  scrape,
  startInstances,
  throughProxy,
  upstreamOf,
} from '../helpers/cluster';
import { type HostFakes, startHostFakes } from '../helpers/host-fakes';
import { eventually, type InstanceProcess } from '../helpers/instance-process';
import { type NginxProxy, startNginx } from '../helpers/nginx-proxy';
import { signedHeaders } from '../helpers/signed-headers';

const SECRETS_KEY = 'c3'.repeat(32);
const skipReason = clusterSkipReason();
if (skipReason) console.warn(`Skipped: two instances behind nginx (issue 21): ${skipReason}`);

/**
 * One setup (a database, the platform fakes, two instances, nginx) for every test of several instances: the
 * tests run in order on it, and the kill -9 of one instance comes last.
 */
describe.skipIf(skipReason !== '')('two instances on one PostgreSQL behind nginx', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let fakes: HostFakes;
  let instances: InstanceProcess[] = [];
  let proxy: NginxProxy;
  let admin: { account: string; password: string };
  let orgId: number;
  let adminId: number;
  /** The ELN server's push key; the administrator is bound to a WeCom user of the fake. */
  let pushKey: string;

  const signInBody = () => ({ account: admin.account, password: admin.password, agreed: true });
  const upstreams = () => instances.map(upstreamOf).sort();
  /** Sends `count` requests one after another and answers them (round robin alternates instances). */
  const repeat = async <T>(count: number, send: () => Promise<T>) => {
    const answers: T[] = [];
    for (let i = 0; i < count; i += 1) answers.push(await send());
    return answers;
  };

  beforeAll(async () => {
    database = await createClusterDatabase();
    fakes = await startHostFakes();
    // A send may take 5 s, and its lease runs out 5 s later (the kill test waits for that); the queue and
    // the jobs are looked at every half second and every second, so the tests wait for events, not timers.
    instances = await startInstances(2, database.url, {
      ...fakes.env,
      SECRETS_KEY,
      HOST_API_TIMEOUT_MS: '5000',
      PUSH_LEASE_MARGIN_MS: '5000',
      OPEN_QUEUE_POLL_MS: '500',
      JOB_POLL_MS: '1000',
    });
    proxy = await startNginx(instances.map(upstreamOf));
    admin = demoAdminOf(instances[0]);
    handle = await openDatabase({ database: { kind: 'postgres', url: database.url, poolSize: 2 } });
    const row = await handle.db
      .selectFrom('accounts')
      .select(['id', 'org_id'])
      .where((eb) => eb.or([eb('email', '=', admin.account), eb('mobile', '=', admin.account)]))
      .executeTakeFirstOrThrow();
    orgId = Number(row.org_id);
    adminId = Number(row.id);

    await fakes.wecom.addApp({ corpId: 'wwcluster', agentId: '1000009', secret: 'wecom-secret' });
    await fakes.wecom.addUser({ userId: 'w-cluster-admin' });
    await saveHostIntegration(
      { db: handle.db, orgId, operator: CLI_OPERATOR, now: Date.now() },
      createSecretBox(Buffer.from(SECRETS_KEY, 'hex')),
      hostIntegrationInputSchema.parse({
        platform: 'wecom',
        corpId: 'wwcluster',
        appSecret: 'wecom-secret',
        agentId: '1000009',
        enabled: true,
        products: ['ELN'],
      }),
    );
    await bindHostAccount(
      handle.db,
      orgId,
      'wecom',
      { id: adminId, name: admin.account },
      'w-cluster-admin',
      CLI_OPERATOR,
      Date.now(),
    );
    pushKey = (
      await issuePushKey({ db: handle.db, orgId, operator: CLI_OPERATOR, now: Date.now() }, 'ELN server')
    ).key;
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    for (const instance of instances) instance.kill();
    await Promise.all(instances.map((instance) => instance.exited));
    await handle?.destroy();
    await fakes?.close();
    await database?.drop();
  });

  it('serves a session signed in through one instance from both, reads a change made through one or behind them on both, and a sign-out on one ends it on both', async () => {
    const signedIn = await throughProxy(proxy, 'POST', '/api/account/loginV2', { body: signInBody() });
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookie).toMatch(/uc_session=\w/);
    const cookie = signedIn.cookie;

    const reads = await repeat(6, () => throughProxy(proxy, 'GET', '/api/account/current', { cookie }));
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect([...new Set(reads.map((read) => read.upstream))].sort()).toEqual(upstreams());

    // Each instance keeps account rows checked against a version the database moves: a change made through
    // one instance, or behind them all, is what both read next.
    const renamed = await throughProxy(proxy, 'PUT', `/api/account/manageModify/${adminId}`, {
      cookie,
      body: { RealName: 'Renamed Through One', IndustryArea: 'pharmaceutical' },
    });
    expect(renamed.status).toBe(200);
    const namesRead = async () =>
      (await repeat(4, () => throughProxy(proxy, 'GET', '/api/account/current', { cookie }))).map((read) => [
        read.upstream,
        (read.json.data as { AccountInfo: { RealName: string } }).AccountInfo.RealName,
      ]);
    expect(new Set((await namesRead()).map(([, name]) => name))).toEqual(new Set(['Renamed Through One']));
    await handle.db
      .updateTable('accounts')
      .set({ real_name: 'Renamed Behind Them' })
      .where('id', '=', adminId)
      .execute();
    const behind = await namesRead();
    expect(new Set(behind.map(([, name]) => name))).toEqual(new Set(['Renamed Behind Them']));
    expect(new Set(behind.map(([upstream]) => upstream)).size).toBe(2);

    const signedOut = await throughProxy(proxy, 'POST', '/api/account/logout', { cookie });
    expect(signedOut.status).toBe(200);
    const after = await repeat(4, () => throughProxy(proxy, 'GET', '/api/account/current', { cookie }));
    expect(after.map((read) => read.status)).toEqual([401, 401, 401, 401]);
    expect([...new Set(after.map((read) => read.upstream))].sort()).toEqual(upstreams());
  });

  it('refuses on one instance a request nonce the other has seen', async () => {
    const headers = signedHeaders(DEFAULT_SIGNING_KEY, Date.now());
    const send = () =>
      throughProxy(proxy, 'POST', '/api/account/loginV2', { body: signInBody(), headers, signed: false });
    const first = await send();
    const replayed = await send();
    expect(first.status).toBe(200);
    expect(replayed.upstream).not.toBe(first.upstream);
    expect(replayed.status).toBe(409);
    expect(replayed.json.error).toEqual({ key: 'errors.request.replayed' });
  });

  it('counts sign-in failures for one name across both instances', async () => {
    const name = 'nobody-here@cluster.test';
    const wrong = () =>
      throughProxy(proxy, 'POST', '/api/account/loginV2', {
        body: { account: name, password: 'not-the-password', agreed: true },
      });
    const answers = await repeat(4, wrong);
    expect([...new Set(answers.map((answer) => answer.upstream))].sort()).toEqual(upstreams());
    // The captcha a name needs after three failures is asked for whichever instance had them.
    expect(answers[3].json.error?.key).toBe('errors.login.captchaRequired');
  });

  it('sends each queued push message once, whichever instance queued it', async () => {
    const keys = Array.from({ length: 24 }, (_, i) => `cluster-${i}`);
    const queued = await Promise.all(
      keys.map((key) =>
        throughProxy(proxy, 'POST', '/api/messagepush/send', {
          headers: { authorization: `Bearer ${pushKey}` },
          body: {
            idempotencyKey: key,
            product: 'ELN',
            accountIds: [adminId],
            title: 'Sample ready',
            text: `Sample of ${key} is ready`,
          },
        }),
      ),
    );
    expect(queued.map((answer) => answer.status)).toEqual(keys.map(() => 200));
    expect([...new Set(queued.map((answer) => answer.upstream))].sort()).toEqual(upstreams());

    await eventually(async () => {
      const rows = await handle.db.selectFrom('message_outbox').select('status').execute();
      return rows.length === keys.length && rows.every((row) => row.status === 'sent');
    }, 60_000);
    const delivered = await fakes.wecom.messages();
    for (const key of keys) {
      expect(delivered.filter((message) => JSON.stringify(message).includes(`${key} is`))).toHaveLength(1);
    }
    expect(delivered).toHaveLength(keys.length);
  }, 90_000);

  it('applies each call of the open API delay queue once, on whichever instance claims it', async () => {
    await createRepositories(handle.db).organizations.setOpennessAuthorized(orgId, true);
    const lines = (await runAppCredentialCommand(handle.db, { org: String(orgId) }, Date.now())).join('\n');
    const credential = {
      appKey: /app key: (\S+)/.exec(lines)![1],
      appSecret: /app secret: (\S+)/.exec(lines)![1],
    };
    await runOpenDelayCommand(handle.db, { org: String(orgId), hours: '1' }, Date.now());
    const token = await throughProxy(proxy, 'POST', '/api/Sdk/ucapi/token', {
      body: credential,
      signed: false,
    });
    expect(token.status).toBe(200);
    const accessToken = (token.json.data as { accessToken: string }).accessToken;
    const emails = Array.from({ length: 6 }, (_, i) => `queued-${i}@cluster.test`);
    const calls = await repeat(emails.length, async () => {
      const email = emails.shift()!;
      emails.push(email);
      return throughProxy(proxy, 'POST', '/api/Sdk/ucapi/members', {
        headers: { authorization: `Bearer ${accessToken}` },
        body: { items: [{ email, name: email.split('@')[0] }] },
        signed: false,
      });
    });
    expect(calls.map((call) => (call.json.data as { status: number }).status)).toEqual(emails.map(() => 0));
    expect([...new Set(calls.map((call) => call.upstream))].sort()).toEqual(upstreams());
    const reqIds = calls.map((call) => (call.json.data as { reqId: string }).reqId);
    const scrapes = await Promise.all(instances.map(scrape));
    expect(scrapes.map((text) => metricValue(text, 'portal_open_queue_queued'))).toEqual([6, 6]);
    expect(scrapes.map((text) => metricValue(text, 'portal_open_queue_due'))).toEqual([0, 0]);

    // The instances' clocks are real: the hour passes by moving the calls' due time back.
    await handle.db
      .updateTable('open_calls')
      .set({ due_at: Date.now() - 1000 })
      .where('req_id', 'in', reqIds)
      .execute();
    await eventually(async () => {
      const rows = await handle.db
        .selectFrom('open_calls')
        .select('sync_status')
        .where('req_id', 'in', reqIds)
        .execute();
      return rows.every((row) => row.sync_status !== 0);
    }, 60_000);
    const rows = await handle.db
      .selectFrom('open_calls')
      .select('sync_status')
      .where('req_id', 'in', reqIds)
      .execute();
    expect(rows.map((row) => row.sync_status)).toEqual(reqIds.map(() => 1));
    const created = await handle.db
      .selectFrom('accounts')
      .select('email')
      .where('email', 'in', emails)
      .execute();
    expect(created.map((row) => row.email).sort()).toEqual([...emails].sort());
    // Each call was taken off the queue by exactly one of the two instances.
    const dequeued = (await Promise.all(instances.map(scrape))).map((text) =>
      metricValue(text, 'portal_open_calls_dequeued_total'),
    );
    expect(dequeued[0] + dequeued[1]).toBe(reqIds.length);
  }, 90_000);

  it('runs a background job on one instance only, though both pass over it', async () => {
    const passes = async () =>
      (await Promise.all(instances.map(scrape))).map((text) => ({
        ran: metricValue(text, 'portal_scheduled_job_passes_total', { job: 'prune-expired', outcome: 'ran' }),
        skipped: metricValue(text, 'portal_scheduled_job_passes_total', {
          job: 'prune-expired',
          outcome: 'skipped',
        }),
        failed: metricValue(text, 'portal_scheduled_job_passes_total', {
          job: 'prune-expired',
          outcome: 'failed',
        }),
      }));
    // Each instance passes over its jobs every second (JOB_POLL_MS); the first pass of either finds the job
    // due.
    await eventually(async () => (await passes()).every((p) => p.ran + p.skipped >= 1), 80_000);
    const seen = await passes();
    // Every later pass, of either instance, came within the minute the first run claimed.
    expect(seen[0].ran + seen[1].ran).toBe(1);
    expect(seen.map((p) => p.failed)).toEqual([0, 0]);
    const job = await handle.db
      .selectFrom('scheduled_jobs')
      .selectAll()
      .where('name', '=', 'prune-expired')
      .executeTakeFirstOrThrow();
    expect(Number(job.last_run_at)).toBeGreaterThan(0);
  }, 90_000);

  it('keeps answering through the other during a sign-in flood, and the push messages the dead one held are sent after its leases run out', async () => {
    // Every platform call takes a second: sends are in flight on both instances when one is killed.
    const sendsBefore = (await fakes.wecom.requests('/cgi-bin/message/send')).length;
    await fakes.wecom.setDelay(1000);
    const keys = Array.from({ length: 80 }, (_, i) => `fault-${i}`);
    const queued = await Promise.all(
      keys.map((key) =>
        throughProxy(proxy, 'POST', '/api/messagepush/send', {
          headers: { authorization: `Bearer ${pushKey}` },
          body: {
            idempotencyKey: key,
            product: 'ELN',
            accountIds: [adminId],
            title: 'T',
            text: `${key} ready`,
          },
        }),
      ),
    );
    expect(queued.map((answer) => answer.status)).toEqual(keys.map(() => 200));

    // The flood: 4 lanes alternating a sign-in and a read of its session, all through nginx.
    const answers: { method: string; answer: ProxyAnswer; startedAfterKill: boolean }[] = [];
    let killed = false;
    let stopFlood = false;
    const lane = async () => {
      while (!stopFlood) {
        const startedAfterKill = killed;
        const signIn = await throughProxy(proxy, 'POST', '/api/account/loginV2', {
          body: { account: admin.account, password: admin.password, agreed: true },
        });
        answers.push({ method: 'POST', answer: signIn, startedAfterKill });
        if (signIn.status !== 200) continue;
        const read = await throughProxy(proxy, 'GET', '/api/account/current', { cookie: signIn.cookie });
        answers.push({ method: 'GET', answer: read, startedAfterKill });
      }
    };
    const flood = Promise.all([lane(), lane(), lane(), lane()]);
    await eventually(
      async () =>
        answers.length >= 12 &&
        (await fakes.wecom.requests('/cgi-bin/message/send')).length >= sendsBefore + 2,
    );
    const victim = instances[0];
    victim.child.kill('SIGKILL');
    await victim.exited;
    // What was leased and not yet sent when the instance died (the dead one's, and the survivor's of that
    // moment): of these, what the dead one was sending may reach the platform twice, as the README says.
    const unsentAtKill = new Set(
      (
        await handle.db
          .selectFrom('message_outbox')
          .select('idempotency_key')
          .where('status', '=', 'queued')
          .where('lease_owner', '!=', '')
          .execute()
      ).map((row) => row.idempotency_key.split(':')[0]),
    );
    expect(unsentAtKill.size).toBeGreaterThan(0);
    killed = true;
    const countAtKill = answers.length;
    await eventually(async () => answers.length >= countAtKill + 24);
    stopFlood = true;
    await flood;

    // Reads are retried on the live instance; a sign-in the dead one was working on gets 502 (not resent:
    // a POST may have been applied), at most one per lane; anything sent after the kill is answered.
    expect(answers.filter((a) => a.method === 'GET').every((a) => a.answer.status === 200)).toBe(true);
    const failed = answers.filter((a) => a.answer.status !== 200);
    expect(failed.every((a) => a.method === 'POST' && a.answer.status === 502)).toBe(true);
    expect(failed.length).toBeLessThanOrEqual(4);
    const afterKill = answers.filter((a) => a.startedAfterKill);
    expect(afterKill.length).toBeGreaterThan(0);
    expect(
      afterKill.every((a) => a.answer.status === 200 && a.answer.upstream === upstreamOf(instances[1])),
    ).toBe(true);

    // Nothing lost: the survivor sends the rest, the dead instance's leased ones once their lease runs out.
    const thisTestsRows = () =>
      handle.db
        .selectFrom('message_outbox')
        .select(['idempotency_key', 'status', 'attempts'])
        .where('idempotency_key', 'like', 'fault-%')
        .execute();
    await eventually(async () => {
      const rows = await thisTestsRows();
      return rows.length === keys.length && rows.every((row) => row.status === 'sent');
    }, 60_000);
    const delivered = await fakes.wecom.messages();
    const rows = await thisTestsRows();
    const attempts = new Map(rows.map((row) => [row.idempotency_key.split(':')[0], row.attempts]));
    for (const key of keys) {
      const copies = delivered.filter((message) => JSON.stringify(message).includes(`${key} ready`)).length;
      expect(copies).toBeGreaterThanOrEqual(1);
      // A second copy only of a send cut by the kill or retried after a timeout, never of one marked sent.
      if (copies > 1)
        expect({ key, copies, cutByKill: unsentAtKill.has(key) || attempts.get(key)! > 1 }).toMatchObject({
          cutByKill: true,
        });
    }
    await fakes.wecom.setDelay(0);
  }, 120_000);
});
