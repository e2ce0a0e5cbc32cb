/**
 * npm run bench:import: a generated 10,000-row member template (xlsx, half the rows with a product)
 * imported end to end through the HTTP API by the demo administrator of the bundled server, on SQLite and,
 * when PostgreSQL binaries are installed (BENCH_POSTGRES=false skips it), on a throwaway PostgreSQL cluster:
 * the seconds from the first byte sent to the answer, then the seconds of the one-time download of the
 * members' own initial passwords (an xlsx of 10,000 rows, checked to list them all), the server's peak
 * resident memory (VmHWM of /proc/<pid>/status) before and after, and the load average of the machine.
 * Targets (issue 9): < 5 s and < 300 MB.
 */
import fs from 'node:fs';
import os from 'node:os';
import ExcelJS from 'exceljs';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { startServerProcess } from '../tests/helpers/server-process';
import { report, round, runOnEngines, signedHeaders } from './bench-utils';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Peak and current resident memory of a process in MB, from /proc (null where there is none). */
function memoryMb(pid: number): { peak: number; now: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { peak: round(kb('VmHWM') / 1024), now: round(kb('VmRSS') / 1024) };
  } catch {
    return null;
  }
}

/** The filled template: English headers, one member a row, half of them with products. */
async function workbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Members');
  sheet.addRow(['Name', 'Mobile', 'Email', 'Department', 'Direct superior', 'Products']);
  for (let i = 0; i < rows; i += 1) {
    sheet.addRow([
      `Member ${i}`,
      `135 ${String(i).padStart(8, '0')}`,
      `member${i}@bench.test`,
      '',
      '',
      i % 2 === 0 ? 'ELN' : '',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Rows of a downloaded workbook's first sheet below its header. */
async function countRows(file: Buffer): Promise<number> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return book.worksheets[0].actualRowCount - 1;
}

/** One engine: a bundled server over it, the demo administrator signed in, the file imported once. */
async function runEngine(engine: 'sqlite' | 'postgres', file: Buffer, databaseUrl: string | null) {
  const server = await startServerProcess(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {});
  try {
    const headers = { 'accept-language': 'en-US' };
    const signIn = await fetch(`${server.url}/api/account/loginV2`, {
      method: 'POST',
      headers: { ...headers, ...signedHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ account: server.admin.account, password: server.admin.password, agreed: true }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const before = memoryMb(server.pid);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/account/import`, {
      method: 'POST',
      headers: { ...headers, ...signedHeaders(), cookie, 'content-type': XLSX },
      body: new Uint8Array(file),
      signal: AbortSignal.timeout(120_000),
    });
    const body = (await response.json()) as {
      data?: { Imported: number; ProblemCount: number; PasswordFile: { ID: string; Count: number } | null };
    };
    const seconds = round((performance.now() - started) / 1000, 2);
    if (response.status !== 200 || body.data?.Imported !== ROWS || body.data.PasswordFile?.Count !== ROWS) {
      throw new Error(`import answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
    }
    const downloadStarted = performance.now();
    const passwords = await fetch(
      `${server.url}/api/account/import/passwords/${encodeURIComponent(body.data.PasswordFile.ID)}`,
      {
        method: 'POST',
        headers: { ...headers, ...signedHeaders(), cookie },
        signal: AbortSignal.timeout(120_000),
      },
    );
    const download = Buffer.from(await passwords.arrayBuffer());
    const downloadSeconds = round((performance.now() - downloadStarted) / 1000, 2);
    const after = memoryMb(server.pid);
    const listed = await countRows(download);
    if (passwords.status !== 200 || listed !== ROWS) {
      throw new Error(`the passwords download answered ${passwords.status} with ${listed} rows`);
    }
    return {
      engine,
      seconds,
      passwordsDownloadSeconds: downloadSeconds,
      passwordsFileKb: round(download.length / 1024),
      serverPeakRssMbBefore: before?.peak ?? null,
      serverPeakRssMb: after?.peak ?? null,
      serverRssMbAfter: after?.now ?? null,
      loadAverageAfter: os.loadavg().map((value) => round(value, 2)),
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  await bundleServer();
  const file = await workbook(ROWS);
  const loadAverage = os.loadavg().map((value) => round(value, 2));
  const engines = await runOnEngines((engine, cluster) => runEngine(engine, file, cluster?.url ?? null), {
    sqlite: true,
  });
  report('import', {
    rows: ROWS,
    fileKb: round(file.length / 1024),
    request:
      'POST /api/account/import, the xlsx as the body, signed, with the session cookies; then POST /api/account/import/passwords/{id}',
    cpus: os.availableParallelism(),
    loadAverage,
    engines,
    targets: { seconds: 5, serverPeakRssMb: 300 },
    met: engines.every((run) => run.seconds < 5 && run.serverPeakRssMb !== null && run.serverPeakRssMb < 300),
  });
}

await main();
