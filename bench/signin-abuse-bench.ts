/**
 * Password spraying against the bundled server (own process, SQLite, TRUST_PROXY so X-Forwarded-For names
 * the attacker's addresses): 2,000 wrong-password attempts from 20 addresses against 200 seeded accounts,
 * with a bot that does not read captchas, while a health check is sampled alongside. Reports the health
 * check's latency (the server must stay responsive), the attempt rate, how the attempts were answered,
 * how many accounts ended locked and how many were guessed (must be none). A second, small phase is a
 * captcha-solving attacker (it reads the captcha's hash from the database and tries every text): it shows
 * what still holds then, one address locking at most two accounts before it must wait.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CAPTCHA_ALPHABET } from '../domain/constants';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { loadConfig } from '../server/core/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { insertMember, insertOrganization, prepareMember } from '../server/provisioning';
import { withTransaction } from '../server/repositories';
import { hashPassword } from '../server/security/password-hasher';
import { startServerProcess } from '../tests/helpers/server-process';
import { createJsonClient, percentile, report, round, runConcurrently, signedHeaders } from './bench-utils';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 2000);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const HEALTH_EVERY_MS = 10;
/** The sprayer's list: common passwords, none of them an account's. */
const GUESSES = [
  '123456',
  'password',
  'Password1',
  'qwerty123',
  '11111111',
  'abc123456',
  'Aa123456',
  'admin123',
];
const SOLVER_ADDRESSES = 2;
const SOLVER_ATTEMPTS_PER_ADDRESS = 16;

const accountName = (index: number) => `member-${String(index).padStart(3, '0')}@abuse.test`;
const attackerIp = (index: number) => `203.0.113.${index + 1}`;

/** Seeds one organisation with ACCOUNTS members sharing one strong password (hashed once, to seed fast). */
async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }));
  try {
    await migrateToLatest(database.db);
    const password = `Abuse#${createHash('sha256').update(String(Date.now())).digest('hex').slice(0, 16)}`;
    const passwordHash = await hashPassword(password);
    const admin = await prepareMember({ realName: 'Abuse Admin', account: 'admin@abuse.test', password });
    const now = Date.now();
    await withTransaction(database.db, async (repos) => {
      const { orgId } = await insertOrganization(repos, { name: 'Abuse Lab', products: [], admin }, now);
      for (let index = 0; index < ACCOUNTS; index += 1) {
        const account = accountName(index);
        await insertMember(repos, orgId, { realName: account, account, password, passwordHash }, now);
      }
    });
  } finally {
    await database.destroy();
  }
}

/** The answer of a captcha, found the way a solver with the database would: every text against its hash. */
function solveCaptcha(sqlite: Database.Database, captchaId: string): string {
  const row = sqlite.prepare('select answer_hash from captchas where id = ?').get(captchaId) as
    { answer_hash: string } | undefined;
  if (!row) return 'XXXX';
  const letters = [...CAPTCHA_ALPHABET];
  for (const a of letters)
    for (const b of letters)
      for (const c of letters)
        for (const d of letters) {
          const text = `${a}${b}${c}${d}`;
          if (createHash('sha256').update(`${captchaId}:${text}`).digest('hex') === row.answer_hash)
            return text;
        }
  return 'XXXX';
}

async function main() {
  await bundleServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-abuse-'));
  await seed(dataDir);
  const server = await startServerProcess({ dataDir, env: { TRUST_PROXY: '127.0.0.1', SEED_DEMO: 'false' } });
  const client = createJsonClient(server.url, { maxSockets: CONCURRENCY + 2 });
  try {
    const answers = new Map<string, number>();
    let guessed = 0;
    const attempt = async (
      account: string,
      password: string,
      ip: string,
      extra: Record<string, string> = {},
    ) => {
      const response = await client.post(
        '/api/account/loginV2',
        { account, password, agreed: true, ...extra },
        { ...signedHeaders(), 'x-forwarded-for': ip },
      );
      const body = JSON.parse(response.body) as { error?: { key: string } };
      if (response.status === 200) guessed += 1;
      const key = `${response.status} ${body.error?.key ?? 'signed in'}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
      return body.error?.key;
    };

    // The health check, one request at a time, alongside the attack.
    const health: number[] = [];
    let attacking = true;
    const sampler = (async () => {
      while (attacking) {
        const begin = performance.now();
        const response = await client.get('/api/health');
        if (response.status !== 200) throw new Error(`health answered ${response.status}`);
        health.push(performance.now() - begin);
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    })();

    // Spraying: each attempt the next account, from the next address, with the next common password.
    let next = 0;
    const start = performance.now();
    const latencies = await runConcurrently(ATTEMPTS, CONCURRENCY, async () => {
      const index = next;
      next += 1;
      await attempt(
        accountName(index % ACCOUNTS),
        GUESSES[Math.floor(index / ACCOUNTS) % GUESSES.length],
        attackerIp(index % ADDRESSES),
      );
    });
    const elapsedS = (performance.now() - start) / 1000;
    attacking = false;
    await sampler;
    const sprayAnswers = Object.fromEntries([...answers].sort());

    // A captcha-solving attacker from a few more addresses, one account at a time until the address stops.
    const sqlite = new Database(path.join(dataDir, 'portal.sqlite'), { readonly: true });
    const solverAnswers = new Map<string, number>();
    answers.clear();
    for (let address = 0; address < SOLVER_ADDRESSES; address += 1) {
      const ip = attackerIp(100 + address);
      for (let index = 0; index < SOLVER_ATTEMPTS_PER_ADDRESS; index += 1) {
        const captcha = JSON.parse((await client.get('/api/captcha', { 'x-forwarded-for': ip })).body) as {
          data: { CaptchaId: string };
        };
        const id = captcha.data.CaptchaId;
        // Five tries per account (the lock), the next account after that.
        const account = accountName(100 + address * 10 + Math.floor(index / 5));
        await attempt(account, GUESSES[index % GUESSES.length], ip, {
          captchaId: id,
          captcha: solveCaptcha(sqlite, id),
        });
      }
    }
    for (const [key, count] of answers) solverAnswers.set(key, count);
    const locked = (
      sqlite.prepare("select count(*) as count from accounts where status = 'locked'").get() as {
        count: number;
      }
    ).count;
    sqlite.close();

    const healthP99 = percentile(health, 99);
    const count = (prefix: string) =>
      Object.entries(sprayAnswers)
        .filter(([key]) => key.startsWith(prefix))
        .reduce((sum, [, n]) => sum + n, 0);
    report('signin-abuse', {
      cores: os.availableParallelism(),
      accounts: ACCOUNTS,
      attempts: ATTEMPTS,
      addresses: ADDRESSES,
      concurrency: CONCURRENCY,
      attemptsPerSecond: round(ATTEMPTS / elapsedS),
      attemptLatencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) },
      health: {
        samples: health.length,
        p50Ms: round(percentile(health, 50)),
        p99Ms: round(healthP99),
        maxMs: round(Math.max(...health)),
        target: 'p99 < 50 ms',
        met: healthP99 < 50,
      },
      answered: {
        wrongPassword401: count('401 errors.login.wrongCredentials'),
        captchaRequired401: count('401 errors.login.captchaRequired'),
        locked403: count('403'),
        tooMany429: count('429'),
        byKey: sprayAnswers,
      },
      captchaSolvingAttacker: {
        addresses: SOLVER_ADDRESSES,
        attempts: SOLVER_ADDRESSES * SOLVER_ATTEMPTS_PER_ADDRESS,
        byKey: Object.fromEntries([...solverAnswers].sort()),
      },
      accountsLocked: locked,
      accountsGuessed: guessed,
      met: healthP99 < 50 && guessed === 0,
    });
  } finally {
    client.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
