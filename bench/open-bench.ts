/**
 * npm run bench:open: the open API through HTTP against the bundled server, on SQLite and, when PostgreSQL
 * binaries are installed, on a throwaway cluster (BENCH_POSTGRES=false skips it; BENCH_SQLITE=false skips
 * SQLite). For a new, empty organisation (org:create, org:openness, org:app-credential as an operator runs
 * them): access tokens issued per second (the 60 a key may take in a minute, one at a time; the next is
 * refused), member-upsert calls per second (one new member a call, one call at a time), and a 10,000-member
 * sync in calls of 1,000 (target under 60 s on SQLite), checked for errors. Each phase also gives the
 * server's CPU per call (steadier than a rate on a machine shared with other work) and the load average
 * when it ended. Prints JSON.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { cliArgs } from '../tests/helpers/cli-args';
import type { PostgresCluster } from '../tests/helpers/postgres-cluster';
import { startServerProcess } from '../tests/helpers/server-process';
import { createJsonClient, machineLoad, processCpuMs, report, round, runOnEngines } from './bench-utils';

const run = promisify(execFile);
const TOKENS = 60;
const UPSERT_CALLS = Number(process.env.BENCH_UPSERT_CALLS ?? 200);
const SYNC_MEMBERS = 10_000;
const SYNC_BATCH = 1000;
const SYNC_TARGET_S = 60;

/** `npm run cli -- ...` against the server's data (and its PostgreSQL database, if any). */
async function cli(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, cliArgs(args), { env: { ...process.env, ...env } });
  return stdout;
}

/** The server's CPU (ms) since `from`, per call, and the 1-minute load average now. */
function phaseCost(pid: number, fromCpuMs: number | null, calls: number) {
  const cpuMs = processCpuMs(pid);
  return {
    serverCpuMsPerCall: cpuMs === null || fromCpuMs === null ? null : round((cpuMs - fromCpuMs) / calls, 2),
    loadAverage1m: round(os.loadavg()[0], 2),
  };
}

async function runEngine(engine: 'sqlite' | 'postgres', cluster: PostgresCluster | null) {
  const server = await startServerProcess(cluster ? { env: { DATABASE_URL: cluster.url } } : {});
  const env = { DATA_DIR: server.dataDir, ...(cluster ? { DATABASE_URL: cluster.url } : {}) };
  const client = createJsonClient(server.url, { maxSockets: 1 });
  try {
    const created = await cli(
      env,
      'org:create',
      '--name',
      'Open Bench',
      '--admin',
      'admin@open-bench.test',
      '--password',
      'Open#Bench-2026-osprey',
      '--products',
      'ELN',
    );
    const orgId = /organisation (\d+) created/.exec(created)?.[1];
    if (!orgId) throw new Error(`no organisation id in:\n${created}`);
    await cli(env, 'org:openness', '--org', orgId, '--grant');
    const printed = await cli(env, 'org:app-credential', '--org', orgId, '--name', 'Bench HR');
    const credential = {
      appKey: /app key: (\S+)/.exec(printed)?.[1],
      appSecret: /app secret: (\S+)/.exec(printed)?.[1],
    };

    let token = '';
    let cpuFrom = processCpuMs(server.pid);
    const tokensStarted = performance.now();
    for (let i = 0; i < TOKENS; i += 1) {
      const answer = await client.post('/api/Sdk/ucapi/token', credential, {});
      if (answer.status !== 200) throw new Error(`token ${i} answered ${answer.status}: ${answer.body}`);
      token = (JSON.parse(answer.body) as { data: { accessToken: string } }).data.accessToken;
    }
    const tokensMs = performance.now() - tokensStarted;
    const tokensCost = phaseCost(server.pid, cpuFrom, TOKENS);
    const limited = (await client.post('/api/Sdk/ucapi/token', credential, {})).status;
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en-US' };

    cpuFrom = processCpuMs(server.pid);
    const upsertStarted = performance.now();
    for (let i = 0; i < UPSERT_CALLS; i += 1) {
      const items = [{ externalId: `U-${i}`, email: `u${i}@open-bench.test`, name: `Upsert ${i}` }];
      const answer = await client.post('/api/Sdk/ucapi/members', { items }, headers);
      const data = (JSON.parse(answer.body) as { data?: { status: number } }).data;
      if (answer.status !== 200 || data?.status !== 1) throw new Error(`upsert ${i}: ${answer.body}`);
    }
    const upsertMs = performance.now() - upsertStarted;
    const upsertCost = phaseCost(server.pid, cpuFrom, UPSERT_CALLS);

    cpuFrom = processCpuMs(server.pid);
    const syncStarted = performance.now();
    let applied = 0;
    let problems = 0;
    for (let from = 0; from < SYNC_MEMBERS; from += SYNC_BATCH) {
      const items = Array.from({ length: SYNC_BATCH }, (_, k) => ({
        externalId: `S-${from + k}`,
        email: `s${from + k}@open-bench.test`,
        name: `Synced ${from + k}`,
        departmentPath: `Sync/Team ${(from + k) % 20}`,
      }));
      // A call of 1,000 members may take longer than the bench client waits: plain fetch, no time limit.
      const answer = await fetch(`${server.url}/api/Sdk/ucapi/members`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ items }),
      });
      const body = await answer.text();
      if (answer.status !== 200) throw new Error(`sync from ${from}: ${answer.status} ${body}`);
      const data = (JSON.parse(body) as { data: { applied: number; problems: unknown[] } }).data;
      applied += data.applied;
      problems += data.problems.length;
    }
    const syncS = (performance.now() - syncStarted) / 1000;
    const syncCost = phaseCost(server.pid, cpuFrom, SYNC_MEMBERS / SYNC_BATCH);
    return {
      engine,
      tokens: {
        issued: TOKENS,
        perSecond: round((TOKENS * 1000) / tokensMs, 1),
        nextAnswered: limited,
        ...tokensCost,
      },
      memberUpserts: {
        calls: UPSERT_CALLS,
        perSecond: round((UPSERT_CALLS * 1000) / upsertMs, 1),
        ...upsertCost,
      },
      sync: {
        members: SYNC_MEMBERS,
        callsOf: SYNC_BATCH,
        seconds: round(syncS, 1),
        applied,
        problems,
        ...syncCost,
      },
    };
  } finally {
    client.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await bundleServer();
  const engines = await runOnEngines((engine, cluster) => runEngine(engine, cluster));
  const sqlite = engines.find((figures) => figures.engine === 'sqlite');
  report('open', {
    ...machineLoad(),
    requests: 'HTTP, one at a time, with the access token',
    engines,
    targets: { syncSecondsOnSqlite: `< ${SYNC_TARGET_S}`, syncProblems: 0 },
    met: sqlite ? sqlite.sync.seconds < SYNC_TARGET_S && sqlite.sync.problems === 0 : null,
  });
}

await main();
