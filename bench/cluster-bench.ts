/**
 * Several instances behind nginx (issue 21): sign-ins/s and authenticated reads/s through a real nginx in
 * front of one instance, then in front of two, on one throwaway PostgreSQL, in the same run; then 200
 * concurrent sessions reading through the two for BENCH_SESSIONS_MS (60 s) counting errors. Where the time
 * goes: the CPU each process spent per request (the instances, nginx, this load generator) and the
 * machine's whole busy time, of which the rest is PostgreSQL and anything else running on the machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery } from '../tests/helpers/database-templates';
import { type InstanceProcess, startInstance } from '../tests/helpers/instance-process';
import { type NginxProxy, nginxInstalled, startNginx } from '../tests/helpers/nginx-proxy';
import { startPostgresCluster } from '../tests/helpers/postgres-cluster';
import {
  cookieHeader,
  createJsonClient,
  percentile,
  processCpuMs,
  report,
  round,
  runForDuration,
  signedHeaders,
} from './bench-utils';

const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_MS ?? 1000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const SESSIONS_MS = Number(process.env.BENCH_SESSIONS_MS ?? 60_000);
const SIGN_IN_CONNECTIONS = 8;
const READ_CONNECTIONS = 16;
const READ_PATH = '/api/account/current';

/** The machine's busy and total CPU time so far (ms, all cores), from /proc/stat. */
function machineCpuMs(): { busy: number; total: number } | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
    const ticks = fields.map(Number);
    const idle = ticks[3] + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    // USER_HZ is 100 on Linux: a tick is 10 ms.
    return { busy: (total - idle) * 10, total: total * 10 };
  } catch {
    return null;
  }
}

/** A process's CPU ms with its children's (nginx's worker, PostgreSQL's backends) as they are now. */
function treeCpuMs(pid: number): number {
  let children: number[] = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // Not Linux, or the process is gone.
  }
  return (processCpuMs(pid) ?? 0) + children.reduce((sum, child) => sum + treeCpuMs(child), 0);
}

/** One timed phase through `proxy`: rate, latency, and the CPU ms per request of every process involved. */
async function phase(
  proxy: NginxProxy,
  instances: InstanceProcess[],
  postgresPid: number,
  concurrency: number,
  task: () => Promise<void>,
) {
  const pids = { instances: instances.map((i) => i.child.pid!), nginx: proxy.child.pid! };
  const cpu = () => ({
    instances: pids.instances.map((pid) => processCpuMs(pid) ?? 0),
    nginx: treeCpuMs(pids.nginx),
    postgres: treeCpuMs(postgresPid),
    generator: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    machine: machineCpuMs(),
  });
  await runForDuration(WARM_UP_MS, concurrency, task);
  const before = cpu();
  const result = await runForDuration(DURATION_MS, concurrency, task);
  const after = cpu();
  const requests = result.latencies.length;
  const perRequest = (ms: number) => round(ms / requests, 3);
  const machineBusy = before.machine && after.machine ? after.machine.busy - before.machine.busy : null;
  const deploymentMs =
    after.instances.reduce((sum, ms, i) => sum + ms - before.instances[i], 0) +
    (after.nginx - before.nginx) +
    (after.postgres - before.postgres);
  const known =
    after.instances.reduce((sum, ms, i) => sum + ms - before.instances[i], 0) +
    (after.nginx - before.nginx) +
    (after.postgres - before.postgres) +
    (after.generator - before.generator);
  return {
    perSecond: round(requests / (result.elapsedMs / 1000)),
    p50Ms: round(percentile(result.latencies, 50), 2),
    p99Ms: round(percentile(result.latencies, 99), 2),
    requests,
    cpuMsPerRequest: {
      instances: after.instances.map((ms, i) => perRequest(ms - before.instances[i])),
      nginx: perRequest(after.nginx - before.nginx),
      postgres: perRequest(after.postgres - before.postgres),
      loadGenerator: perRequest(after.generator - before.generator),
      // Whatever else shares the machine (other jobs): not this deployment's cost, but its competition.
      otherProcesses: machineBusy === null ? null : perRequest(Math.max(0, machineBusy - known)),
    },
    /**
     * The deployment's own CPU per request (instances, nginx, PostgreSQL) and the rate all cores would give
     * at that cost: a figure the other jobs on a shared machine move far less than the measured rate.
     */
    deploymentCpuMsPerRequest: perRequest(deploymentMs),
    ceilingPerSecondOnAllCores: round((os.availableParallelism() * 1000 * requests) / deploymentMs),
    machineBusyShare:
      before.machine && after.machine
        ? round(machineBusy! / (after.machine.total - before.machine.total), 2)
        : null,
  };
}

async function measure(
  proxy: NginxProxy,
  instances: InstanceProcess[],
  postgresPid: number,
  admin: Record<string, unknown>,
) {
  const signIns = createJsonClient(proxy.url, { maxSockets: SIGN_IN_CONNECTIONS });
  let cookie = '';
  const signIn = async () => {
    const response = await signIns.post('/api/account/loginV2', admin, signedHeaders());
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${response.body}`);
    cookie ||= cookieHeader(response);
  };
  const signInResult = await phase(proxy, instances, postgresPid, SIGN_IN_CONNECTIONS, signIn);
  signIns.close();
  const reads = createJsonClient(proxy.url, { maxSockets: READ_CONNECTIONS });
  const read = async () => {
    const response = await reads.get(READ_PATH, { ...signedHeaders(), cookie });
    if (response.status !== 200) throw new Error(`read answered ${response.status}: ${response.body}`);
  };
  const readResult = await phase(proxy, instances, postgresPid, READ_CONNECTIONS, read);
  reads.close();
  return { signIns: signInResult, reads: readResult };
}

/** SESSIONS sessions, each its own connection, reading for SESSIONS_MS: the errors must be 0. */
async function manySessions(proxy: NginxProxy, admin: Record<string, unknown>) {
  const client = createJsonClient(proxy.url, { maxSockets: SESSIONS });
  const cookies: string[] = [];
  let signInErrors = 0;
  let started = 0;
  await Promise.all(
    Array.from({ length: SIGN_IN_CONNECTIONS }, async () => {
      while (started < SESSIONS) {
        started += 1;
        const response = await client.post('/api/account/loginV2', admin, signedHeaders());
        if (response.status === 200) cookies.push(cookieHeader(response));
        else signInErrors += 1;
      }
    }),
  );
  const errors: Record<string, number> = {};
  let next = 0;
  const result = await runForDuration(SESSIONS_MS, cookies.length, async () => {
    const cookie = cookies[(next += 1) % cookies.length];
    try {
      const response = await client.get(READ_PATH, { ...signedHeaders(), cookie });
      if (response.status !== 200) errors[response.status] = (errors[response.status] ?? 0) + 1;
    } catch (error) {
      const key = (error as NodeJS.ErrnoException).code ?? 'connection';
      errors[key] = (errors[key] ?? 0) + 1;
    }
  });
  client.close();
  return {
    sessions: cookies.length,
    signInErrors,
    durationMs: SESSIONS_MS,
    reads: result.latencies.length,
    readsPerSecond: round(result.latencies.length / (result.elapsedMs / 1000)),
    p99Ms: round(percentile(result.latencies, 99), 1),
    errors,
    errorCount: Object.values(errors).reduce((sum, n) => sum + n, 0),
  };
}

async function main() {
  if (!nginxInstalled())
    throw new Error('bench:cluster needs nginx (/usr/sbin/nginx): apt-get install nginx');
  const cluster = await startPostgresCluster();
  if (!cluster) throw new Error('bench:cluster needs PostgreSQL (apt-get install postgresql)');
  const started: { instances: InstanceProcess[]; proxies: NginxProxy[] } = { instances: [], proxies: [] };
  try {
    await adminQuery(cluster.url, 'create database portal');
    const url = new URL(cluster.url);
    url.pathname = '/portal';
    for (const seed of ['true', 'false']) {
      started.instances.push(
        await startInstance({
          DATABASE_URL: url.toString(),
          SEED_DEMO: seed,
          TRUST_PROXY: '127.0.0.1',
          PG_POOL_SIZE: '20',
        }),
      );
    }
    const [first, second] = started.instances;
    const match = first.lines.map((line) => /^demo admin: (\S+) password: (\S+)$/.exec(line)).find(Boolean);
    if (!match) throw new Error(`no demo admin printed:\n${first.lines.join('\n')}`);
    const admin = { account: match[1], password: match[2], agreed: true };
    const one = await startNginx([`127.0.0.1:${first.port}`]);
    started.proxies.push(one);
    const two = await startNginx([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`]);
    started.proxies.push(two);

    const postgresPid = Number(
      fs.readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const oneInstance = await measure(one, [first, second], postgresPid, admin);
    const twoInstances = await measure(two, [first, second], postgresPid, admin);
    const sessions = await manySessions(two, admin);
    report('cluster', {
      cores: os.availableParallelism(),
      loadAverageAtEnd: os.loadavg().map((value) => round(value, 2)),
      setup:
        'nginx (1 worker, keep-alive upstream, round robin) -> portal instances (bundled server) -> one PostgreSQL; ' +
        'load generator, nginx, instances and PostgreSQL share this machine',
      signIn: `POST /api/account/loginV2 at ${SIGN_IN_CONNECTIONS} connections`,
      read: `GET ${READ_PATH} with the session cookie at ${READ_CONNECTIONS} connections`,
      warmUpMs: WARM_UP_MS,
      durationMs: DURATION_MS,
      oneInstance,
      twoInstances,
      ratioTwoToOne: {
        signInsPerSecond: round(twoInstances.signIns.perSecond / oneInstance.signIns.perSecond, 2),
        readsPerSecond: round(twoInstances.reads.perSecond / oneInstance.reads.perSecond, 2),
      },
      concurrentSessions: sessions,
    });
  } finally {
    for (const proxy of started.proxies) await proxy.stop();
    for (const instance of started.instances) instance.kill();
    await Promise.all(started.instances.map((instance) => instance.exited));
    cluster.stop();
  }
}

await main();
