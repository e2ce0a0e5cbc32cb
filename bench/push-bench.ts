/**
 * Message push through the outbox: 10,000 messages queued through POST /api/messagepush/send to a loopback
 * WeCom fake that answers each send after 20 ms and fails 5% of them with a transient 503, with the bundled
 * server restarted (SIGTERM, then a new process on the same data directory) once half of them are
 * delivered. Reports messages/s from the first send request to the last delivery, and whether every
 * message reached the platform exactly once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { addMember, createOrganization } from '../server/provisioning';
import { createRepositories } from '../server/repositories';
import { createSecretBox } from '../server/security/secret-box';
import { CLI_OPERATOR } from '../server/core/operator';
import { bindHostAccount, saveHostIntegration } from '../server/services/host-integrations-service';
import { issuePushKey } from '../server/services/message-push-service';
import { startHostFakes } from '../tests/helpers/host-fakes';
import { type ServerProcess, startServerProcess } from '../tests/helpers/server-process';
import { report, round, signedHeaders } from './bench-utils';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const RECIPIENTS = 100;
const DELAY_MS = 20;
const TRANSIENT_RATE = 0.05;
const SECRETS_KEY = 'c3'.repeat(32);
const TIMEOUT_MS = 10 * 60 * 1000;

async function main() {
  await bundleServer();
  const fakes = await startHostFakes();
  await fakes.wecom.addApp({ corpId: 'wwbench', agentId: '1000002', secret: 'bench-secret' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-push-bench-'));

  // The organisation, its members bound to WeCom identities, the integration and a push key.
  const database = await openDatabase({
    database: { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') },
  });
  await migrateToLatest(database.db);
  const admin = { realName: 'Admin', account: 'admin@bench.test', password: 'Bench#Pass2026' };
  const { orgId } = await createOrganization(
    database.db,
    { name: 'Bench Lab', products: ['ELN'], admin },
    Date.now(),
  );
  // Products push only for an organisation an operator has opened open capability to (org:openness).
  await createRepositories(database.db).organizations.setOpennessAuthorized(orgId, true);
  const accountIds: number[] = [];
  for (let i = 0; i < RECIPIENTS; i += 1) {
    const member = { realName: `Member ${i}`, account: `m${i}@bench.test`, password: admin.password };
    const { id } = await addMember(database.db, orgId, member, Date.now());
    accountIds.push(id);
    await fakes.wecom.addUser({ userId: `w${i}` });
    await bindHostAccount(
      database.db,
      orgId,
      'wecom',
      { id, name: member.account },
      `w${i}`,
      CLI_OPERATOR,
      0,
    );
  }
  await saveHostIntegration(
    { db: database.db, orgId, operator: CLI_OPERATOR, now: Date.now() },
    createSecretBox(Buffer.from(SECRETS_KEY, 'hex')),
    {
      platform: 'wecom',
      corpId: 'wwbench',
      appKey: '',
      appSecret: 'bench-secret',
      agentId: '1000002',
      enabled: true,
      products: ['ELN'],
    },
  );
  const pushKey = (
    await issuePushKey({ db: database.db, orgId, operator: CLI_OPERATOR, now: Date.now() }, 'bench')
  ).key;
  await database.destroy();

  await fakes.wecom.setDelay(DELAY_MS);
  await fakes.wecom.flaky('/cgi-bin/message/send', TRANSIENT_RATE);
  const env = { ...fakes.env, SECRETS_KEY, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  let server: ServerProcess = await startServerProcess({ dataDir, env });

  const requests = Math.ceil(MESSAGES / RECIPIENTS);
  const started = performance.now();
  for (let r = 0; r < requests; r += 1) {
    const recipients = accountIds.slice(0, Math.min(RECIPIENTS, MESSAGES - r * RECIPIENTS));
    const response = await fetch(`${server.url}/api/messagepush/send`, {
      method: 'POST',
      headers: { ...signedHeaders(), 'content-type': 'application/json', authorization: `Bearer ${pushKey}` },
      body: JSON.stringify({
        idempotencyKey: `bench-${r}`,
        product: 'ELN',
        accountIds: recipients,
        title: 'Benchmark',
        text: `bench-${r}`,
      }),
    });
    if (!response.ok) throw new Error(`send ${r} failed: ${response.status} ${await response.text()}`);
  }
  const queuedMs = performance.now() - started;

  /** Deliveries the fake accepted, by recipient and request. */
  const deliveries = async () => {
    const counts = new Map<string, number>();
    for (const message of await fakes.wecom.messages()) {
      const text = JSON.stringify(message.body);
      const request = /bench-\d+/.exec(text)?.[0] ?? '?';
      for (const user of message.toUsers) {
        const key = `${user}/${request}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    return counts;
  };

  let restartedAt = 0;
  let restartMs = 0;
  for (;;) {
    // Accepted sends so far (each accepted send is one recipient here); the exact count comes at the end.
    const delivered = (await fakes.wecom.messages()).length;
    if (!restartedAt && delivered >= MESSAGES / 2) {
      restartedAt = delivered;
      const stopping = performance.now();
      await server.stop();
      server = await startServerProcess({ dataDir, env });
      restartMs = performance.now() - stopping;
    }
    if (delivered >= MESSAGES) break;
    if (performance.now() - started > TIMEOUT_MS)
      throw new Error(`only ${delivered} of ${MESSAGES} delivered`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsedMs = performance.now() - started;
  await server.stop();

  const counts = await deliveries();
  const duplicates = [...counts.values()].filter((n) => n > 1).length;
  const check = await openDatabase({
    database: { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') },
  });
  const rows = await check.db.selectFrom('message_outbox').select(['status', 'attempts']).execute();
  await check.destroy();
  const sendRequests = (await fakes.wecom.requests('/cgi-bin/message/send')).length;
  await fakes.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  report('push', {
    messages: MESSAGES,
    platform: `WeCom fake, ${DELAY_MS} ms per answer, ${TRANSIENT_RATE * 100}% transient 503`,
    elapsedMs: round(elapsedMs),
    messagesPerSecond: round(MESSAGES / (elapsedMs / 1000)),
    queueRequestsMs: round(queuedMs),
    restart: { afterDelivered: restartedAt, stopToHealthyMs: round(restartMs) },
    sendRequests,
    transientFailuresRetried: sendRequests - counts.size,
    outbox: {
      sent: rows.filter((row) => row.status === 'sent').length,
      failed: rows.filter((row) => row.status === 'failed').length,
      queued: rows.filter((row) => row.status === 'queued').length,
      maxAttempts: Math.max(...rows.map((row) => row.attempts)),
    },
    deliveredOnce: [...counts.values()].filter((n) => n === 1).length,
    duplicates,
    missing: MESSAGES - counts.size,
    exactlyOnce: duplicates === 0 && counts.size === MESSAGES,
  });
}

await main();
