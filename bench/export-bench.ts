/**
 * npm run bench:export: the organisation's login log of 1,000,000 sign-ins (seeded here, straight into the
 * SQLite file the bundled server uses, spread over the last year across the demo organisation's members,
 * one in five failed) exported the way the screen does it: POST /api/loginLog/exportLoginLog, signed, with
 * the administrator's session, for the whole year. Reports the time to the first byte of the file, the
 * total time, rows per second, the file's size and the server process's resident memory (peak during the
 * export, sampled from /proc, and the process's lifetime high-water mark). Targets: first byte < 1 s, peak
 * RSS < 250 MB. BENCH_EXPORT_ROWS sets another number of rows (e.g. a quick run at 100,000).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { startServerProcess } from '../tests/helpers/server-process';
import { report, round, signedHeaders, signInCookie } from './bench-utils';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const DAY_MS = 24 * 60 * 60 * 1000;
/** The export covers the last 365 days (the log's longest window is a year and a day). */
const SPAN_MS = 365 * DAY_MS;
const SAMPLE_EVERY_MS = 25;
const BROWSERS = ['Chrome 140', 'Edge 139', 'Safari 18', 'Firefox 141'];
const PRODUCTS = ['UC', 'ELN', 'CIMS', 'PM'];

/**
 * Seeds `ROWS` sign-ins of the administrator's organisation into the server's SQLite file, oldest first,
 * in one transaction with one prepared statement; answers the window they cover.
 */
function seedSqlite(file: string, admin: string, now: number): { from: number; to: number } {
  const sqlite = new Database(file);
  try {
    sqlite.pragma('busy_timeout = 10000');
    const { org_id: orgId } = sqlite.prepare('select org_id from accounts where email = ?').get(admin) as {
      org_id: number;
    };
    const members = sqlite
      .prepare(`select id, coalesce(email, mobile) as account from accounts where org_id = ?`)
      .all(orgId) as Array<{ id: number; account: string }>;
    const insert = sqlite.prepare(
      `insert into login_logs (org_id, account_id, account, ip, browser, product, login_client, success,
         reason, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const from = now - SPAN_MS;
    const step = SPAN_MS / ROWS;
    sqlite.transaction(() => {
      for (let i = 0; i < ROWS; i += 1) {
        const member = members[i % members.length];
        const failed = i % 5 === 4;
        insert.run(
          orgId,
          member.id,
          member.account,
          `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          BROWSERS[i % BROWSERS.length],
          PRODUCTS[i % PRODUCTS.length],
          i % 3 === 0 ? 'mobile' : 'pc',
          failed ? 0 : 1,
          failed ? 'errors.login.wrongCredentials' : null,
          Math.floor(from + i * step),
        );
      }
    })();
    return { from, to: now };
  } finally {
    sqlite.close();
  }
}

/** The resident set (and its high-water mark) of a process in MB, from /proc; null elsewhere. */
function memoryMb(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Sends the export and reads the file as it streams in, timing its first byte and its end. */
function download(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; firstByteMs: number; totalMs: number; bytes: number; head: Buffer }> {
  const url = new URL(baseUrl);
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/loginLog/exportLoginLog',
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let firstByteMs = 0;
        let bytes = 0;
        let head = Buffer.alloc(0);
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          if (head.length < 4) head = Buffer.concat([head, chunk.subarray(0, 4)]);
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            firstByteMs,
            totalMs: performance.now() - started,
            bytes,
            head,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function main() {
  await bundleServer();
  const server = await startServerProcess();
  try {
    const { account, password } = server.admin;
    const seedStarted = performance.now();
    const window = seedSqlite(path.join(server.dataDir, 'portal.sqlite'), account, Date.now());
    const seedMs = performance.now() - seedStarted;

    const cookie = await signInCookie(server.url, account, password);

    const before = memoryMb(server.pid);
    let peakDuringMb = before?.rss ?? 0;
    const sampler = setInterval(() => {
      const now = memoryMb(server.pid);
      if (now) peakDuringMb = Math.max(peakDuringMb, now.rss);
    }, SAMPLE_EVERY_MS);
    const result = await download(
      server.url,
      { from: window.from, to: window.to, timeZone: 'Asia/Shanghai' },
      { ...signedHeaders(), cookie, 'accept-language': 'zh-CN' },
    ).finally(() => clearInterval(sampler));
    const after = memoryMb(server.pid);
    if (result.status !== 200) throw new Error(`export answered ${result.status}`);
    if (result.head.toString('latin1', 0, 2) !== 'PK')
      throw new Error('the export is not an .xlsx (zip) file');

    const firstByteMs = round(result.firstByteMs, 1);
    const peakRssMb = round(peakDuringMb, 1);
    report('export', {
      cores: os.availableParallelism(),
      engine: 'sqlite',
      rows: ROWS,
      // The demo administrator's own sign-in just now falls in the window too.
      request: 'POST /api/loginLog/exportLoginLog, signed, the last 365 days, Asia/Shanghai, zh-CN',
      seedMs: round(seedMs, 0),
      firstByteMs,
      totalMs: round(result.totalMs, 0),
      rowsPerSecond: round(ROWS / (result.totalMs / 1000), 0),
      fileMb: round(result.bytes / 1024 / 1024, 1),
      serverRssMb: {
        beforeExport: before ? round(before.rss, 1) : null,
        peakDuringExport: peakRssMb,
        afterExport: after ? round(after.rss, 1) : null,
        lifetimeHighWater: after ? round(after.peak, 1) : null,
      },
      targets: { firstByteMs: '< 1000', peakRssMb: '< 250' },
      met: firstByteMs < 1000 && peakRssMb < 250,
    });
  } finally {
    await server.stop();
  }
}

await main();
