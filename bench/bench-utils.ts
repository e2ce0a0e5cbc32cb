import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SIGNING_KEY } from '../server/core/config';
import { type PostgresCluster, startPostgresCluster } from '../tests/helpers/postgres-cluster';
import { signedHeaders as signedHeadersWithKey } from '../tests/helpers/signed-headers';
import { createRawJsonClient, type RawAnswer } from './raw-http-client';

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Signing headers as the client sends them, with the default key. */
export function signedHeaders(now = Date.now()): Record<string, string> {
  return signedHeadersWithKey(DEFAULT_SIGNING_KEY, now);
}

/** Prints the result as JSON and keeps a copy under bench/results. */
export function report(name: string, result: Record<string, unknown>): void {
  const json = JSON.stringify({ bench: name, at: new Date().toISOString(), ...result }, null, 2);
  console.log(json);
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${json}\n`);
}

/**
 * The machine a figure was measured on: its cores and load average (1, 5, 15 min). Other work shares the
 * machine, so a rate means little without the load it was measured under.
 */
export function machineLoad(): { cores: number; loadAverage: number[] } {
  return { cores: os.availableParallelism(), loadAverage: os.loadavg().map((value) => round(value, 2)) };
}

/**
 * Runs a bench on SQLite and then, when PostgreSQL binaries are installed, on a throwaway PostgreSQL
 * cluster; `BENCH_SQLITE=false` / `BENCH_POSTGRES=false` leave an engine out. `sqlite: true` keeps SQLite
 * whatever the variable says (a bench whose figures are relative to SQLite's).
 */
export async function runOnEngines<T>(
  run: (engine: 'sqlite' | 'postgres', cluster: PostgresCluster | null) => Promise<T>,
  options: { sqlite?: boolean } = {},
): Promise<T[]> {
  const sqlite = options.sqlite ?? process.env.BENCH_SQLITE !== 'false';
  const engines = sqlite ? [await run('sqlite', null)] : [];
  const cluster = process.env.BENCH_POSTGRES === 'false' ? null : await startPostgresCluster();
  if (cluster) {
    try {
      engines.push(await run('postgres', cluster));
    } finally {
      cluster.stop();
    }
  }
  return engines;
}

/** The `name=value` pairs a browser sends back for the Set-Cookie headers of an answer. */
export function cookieHeader(response: BenchResponse): string {
  return (response.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
}

/** Signs `account` in with its password through the portal's sign-in; resolves with its session cookies. */
export async function signInCookie(baseUrl: string, account: string, password: string): Promise<string> {
  const client = createJsonClient(baseUrl);
  try {
    const signedIn = await client.post(
      '/api/account/loginV2',
      { account, password, agreed: true },
      signedHeaders(),
    );
    if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.body}`);
    return cookieHeader(signedIn);
  } finally {
    client.close();
  }
}

/**
 * What a run of requests measured: each request's time, how long the run took, and the CPU ms the server
 * process (null: not measured) and, where measured, the load generator spent on it.
 */
export interface PhaseTotals {
  latencies: number[];
  elapsedMs: number;
  serverCpuMs: number | null;
  clientCpuMs?: number;
}

/** A run's rate, latency and CPU per request: how every bench sums up a timed run of requests. */
export function phaseSummary(totals: PhaseTotals) {
  const requests = totals.latencies.length;
  return {
    requestsPerSecond: round(requests / (totals.elapsedMs / 1000)),
    p50Ms: round(percentile(totals.latencies, 50), 2),
    p99Ms: round(percentile(totals.latencies, 99), 2),
    requests,
    serverCpuMsPerRequest: totals.serverCpuMs === null ? null : round(totals.serverCpuMs / requests, 4),
    ...(totals.clientCpuMs === undefined
      ? {}
      : { clientCpuMsPerRequest: round(totals.clientCpuMs / requests, 4) }),
  };
}

/**
 * One timed phase: `task` in `concurrency` loops for `durationMs`, with its rate, latency and the CPU ms per
 * request of the process `pid` (null: not measured). Per-request CPU is steadier than the rate when other
 * work shares the machine.
 */
export async function timedPhase(
  pid: number | null,
  options: { durationMs: number; concurrency: number },
  task: () => Promise<void>,
) {
  const cpuBefore = pid === null ? null : processCpuMs(pid);
  const result = await runForDuration(options.durationMs, options.concurrency, task);
  const cpuAfter = pid === null ? null : processCpuMs(pid);
  return phaseSummary({
    ...result,
    serverCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  });
}

/** `--rows <n>` or `--rows=<n>` on the command line, else the variable `env`, else `fallback`; at least 1,000. */
export function rowsOption(env: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === '--rows' || arg.startsWith('--rows='));
  const text = at === -1 ? process.env[env] : (args[at].split('=')[1] ?? args[at + 1]);
  const rows = Number((text ?? String(fallback)).replaceAll('_', ''));
  if (!Number.isInteger(rows) || rows < 1000) throw new Error(`--rows must be a whole number >= 1000`);
  return rows;
}

/** Latency figures of a list of request times. */
export const latency = (times: number[]) => ({
  p50Ms: round(percentile(times, 50), 2),
  p99Ms: round(percentile(times, 99), 2),
  maxMs: round(Math.max(...times), 2),
  samples: times.length,
});

/**
 * A log screen's paging, the way the screen asks (POST `path` with a filter, `pageSize` and the keyset
 * cursor, signed, with the session cookies, one at a time): the first page and the page `deepPage` (or the
 * last of a small log), each timed `samples` times after 20 unmeasured reads.
 */
export async function measureKeysetPages(
  baseUrl: string,
  cookie: string,
  request: { path: string; body: Record<string, unknown> },
  options: { pageSize: number; deepPage: number; samples: number },
) {
  const client = createJsonClient(baseUrl, { maxSockets: 1 });
  const read = async (cursor: string | null) => {
    const begin = performance.now();
    const response = await client.post(
      request.path,
      { ...request.body, pageSize: options.pageSize, ...(cursor ? { cursor } : {}) },
      { ...signedHeaders(), cookie, 'accept-language': 'zh-CN' },
    );
    const ms = performance.now() - begin;
    if (response.status !== 200)
      throw new Error(`${request.path} answered ${response.status}: ${response.body}`);
    const data = (JSON.parse(response.body) as { data: { rows: unknown[]; nextCursor: string | null } }).data;
    return { ms, rows: data.rows.length, nextCursor: data.nextCursor };
  };
  const timed = async (cursor: string | null) => {
    for (let i = 0; i < 20; i += 1) await read(cursor);
    const times: number[] = [];
    for (let i = 0; i < options.samples; i += 1) {
      const answer = await read(cursor);
      if (answer.rows === 0) throw new Error('an empty page');
      times.push(answer.ms);
    }
    return latency(times);
  };
  try {
    const first = await timed(null);
    // Walk the cursors to the deep page (or to the last page of a small log); `cursor` asks for `pageIndex`.
    const walkStarted = performance.now();
    let cursor: string | null = null;
    let pageIndex = 1;
    while (pageIndex < options.deepPage) {
      const answer = await read(cursor);
      if (!answer.nextCursor) break;
      cursor = answer.nextCursor;
      pageIndex += 1;
    }
    const walkMs = performance.now() - walkStarted;
    const deep = cursor ? { pageIndex, ...(await timed(cursor)) } : null;
    return { first, deep, walkToDeepPageMs: round(walkMs, 0), deepCursor: cursor };
  } finally {
    client.close();
  }
}

/** Runs `task` `total` times with at most `concurrency` in flight; returns each call's latency in ms. */
export async function runConcurrently(
  total: number,
  concurrency: number,
  task: () => Promise<void>,
): Promise<number[]> {
  const latencies: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started += 1;
      const begin = performance.now();
      await task();
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

/** An HTTP answer as the benchmarks need it. */
export interface BenchResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A light JSON client over raw keep-alive sockets (raw-http-client.ts). The load generator shares the
 * machine's two cores with the server, so it must cost as little as possible: node:http's client costs
 * about three times as much per request, fetch about nine. `maxSockets` caps the connections it opens (one
 * per request in flight, up to the cap).
 */
export function createJsonClient(baseUrl: string, options: { maxSockets?: number } = {}) {
  const raw = createRawJsonClient(baseUrl, { maxConnections: options.maxSockets ?? 64 });
  const withHeaders = (answer: RawAnswer): BenchResponse => {
    const headers: http.IncomingHttpHeaders = {};
    const cookies: string[] = [];
    for (const line of answer.head.split('\r\n').slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'set-cookie') cookies.push(value);
      else headers[name] = value;
    }
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    return { status: answer.status, headers, body: answer.body };
  };
  return {
    get: async (path: string, headers: Record<string, string> = {}) =>
      withHeaders(await raw.get(path, headers)),
    post: async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      withHeaders(await raw.post(path, body, headers)),
    close: () => raw.close(),
  };
}

/**
 * Runs `task` in `concurrency` loops until `durationMs` has passed; returns each call's latency in ms.
 * Calls still in flight at the deadline finish and are counted.
 */
export async function runForDuration(
  durationMs: number,
  concurrency: number,
  task: () => Promise<void>,
): Promise<{ latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  const start = performance.now();
  const deadline = start + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const begin = performance.now();
      await task();
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, elapsedMs: performance.now() - start };
}

/**
 * A warm-up: `task` in `concurrency` loops for at least `durationMs` and at least `requests` calls. A time
 * alone is not enough on a loaded machine: V8 optimises a server's code only after it has run it many
 * times, so a second of warm-up that answers a few hundred requests leaves the timed phase measuring code
 * not yet optimised (several times the CPU per request), while a bare server's few lines are hot at once.
 */
export async function warmUp(
  durationMs: number,
  requests: number,
  concurrency: number,
  task: () => Promise<void>,
): Promise<void> {
  let done = 0;
  const deadline = performance.now() + durationMs;
  const worker = async () => {
    while (performance.now() < deadline || done < requests) {
      await task();
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

let clockTicksPerSecond: number | null = null;

/**
 * CPU time (user + system, ms) a process has used so far, from Linux's /proc; null elsewhere. Per-request
 * CPU of the server is steadier than its rate on a machine shared with the load generator.
 */
export function processCpuMs(pid: number): number | null {
  try {
    clockTicksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return null;
  }
}
