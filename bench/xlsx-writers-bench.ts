/**
 * npm run bench:xlsx-writers: the login-log export's workbook written by the portal's own streaming writer
 * (server/files/xlsx-stream-writer.ts) and by exceljs's streaming WorkbookWriter, each in a process of its
 * own, with the same 1,000,000 rows (BENCH_EXPORT_ROWS for another number) and the same columns, into a
 * pipe that takes bytes as a download does. For each: time to the first byte, total time, the process's
 * peak resident memory (sampled every 25 ms), CPU time and the file's size. A writer whose process passes
 * 1 GB is stopped and reported as such. Targets of the export (bench:export): first byte < 1 s, peak RSS
 * < 250 MB. Prints JSON with the load average.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { type SheetColumn, streamWorkbook } from '../server/files/xlsx-stream-writer';
import { machineLoad, report, round } from './bench-utils';

const run = promisify(execFile);
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const RSS_LIMIT_MB = 1024;
const WRITERS = ['own', 'exceljs'] as const;
type WriterName = (typeof WRITERS)[number];

const COLUMNS: SheetColumn[] = [
  { key: 'time', header: 'Time', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
  { key: 'account', header: 'Account', width: 28 },
  { key: 'realName', header: 'Name', width: 16 },
  { key: 'department', header: 'Department', width: 18 },
  { key: 'ip', header: 'IP', width: 18 },
  { key: 'browser', header: 'Browser', width: 14 },
  { key: 'product', header: 'Product', width: 20 },
  { key: 'client', header: 'Client', width: 14 },
  { key: 'result', header: 'Result', width: 10 },
  { key: 'reason', header: 'Reason', width: 36 },
];

/** One login-log row as the export words it. */
function row(i: number): Record<string, unknown> {
  return {
    time: new Date(1_764_000_000_000 - i * 30_000),
    account: `member${i % 500}@bench.test`,
    realName: `Member ${i % 500}`,
    department: `R&D/Team ${i % 20}`,
    ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
    browser: ['Chrome 140', 'Edge 139', 'Safari 18', 'Firefox 141'][i % 4],
    product: ['UC', 'ELN', 'CIMS', 'PM'][i % 4],
    client: 'Web',
    result: i % 5 === 0 ? 'Failed' : 'Succeeded',
    reason: i % 5 === 0 ? 'Wrong password' : '',
  };
}

/** A sink that takes bytes as a download does (asynchronously), noting when the first arrived. */
function sink(started: number) {
  const seen = { firstByteMs: null as number | null, bytes: 0 };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      seen.firstByteMs ??= performance.now() - started;
      seen.bytes += chunk.length;
      setImmediate(done);
    },
  });
  return { stream, seen };
}

/** Runs one writer in this process and prints its figures (the child side). */
async function measure(writer: WriterName) {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    if (peakRss > RSS_LIMIT_MB * 1024 * 1024) {
      console.log(JSON.stringify({ writer, stoppedOver: `${RSS_LIMIT_MB} MB`, ...soFar() }));
      process.exit(0);
    }
  }, 25);
  const started = performance.now();
  const cpuFrom = process.cpuUsage();
  const { stream, seen } = sink(started);
  let written = 0;
  const soFar = () => ({
    rowsWritten: written,
    firstByteMs: seen.firstByteMs === null ? null : round(seen.firstByteMs, 0),
    peakRssMb: round(peakRss / 1024 / 1024, 0),
    seconds: round((performance.now() - started) / 1000, 1),
  });
  if (writer === 'own') {
    async function* rows() {
      for (written = 0; written < ROWS; written += 1) yield row(written);
    }
    await streamWorkbook(stream, 'Login log', COLUMNS, rows());
  } else {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    const sheet = workbook.addWorksheet('Login log', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map(({ key, header, width, style }) => ({ key, header, width, style }));
    sheet.getRow(1).font = { bold: true };
    for (written = 0; written < ROWS; written += 1) {
      sheet.addRow(row(written)).commit();
      // Let the pipe drain as the export's batches do.
      if (written % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
  }
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuFrom);
  console.log(
    JSON.stringify({
      writer,
      ...soFar(),
      cpuSeconds: round((cpu.user + cpu.system) / 1e6, 1),
      fileMb: round(seen.bytes / 1024 / 1024, 1),
    }),
  );
}

async function main() {
  const child = process.argv[2] as WriterName | undefined;
  if (child) return measure(child);
  const results: unknown[] = [];
  for (const writer of WRITERS) {
    const { stdout } = await run(process.execPath, [...process.execArgv, process.argv[1], writer], {
      maxBuffer: 1024 * 1024,
      env: process.env,
    });
    results.push({
      ...JSON.parse(stdout.trim().split('\n').pop()!),
      loadAverage1m: round(os.loadavg()[0], 2),
    });
  }
  report('xlsx-writers', {
    ...machineLoad(),
    rows: ROWS,
    writers: results,
    targets: { firstByteMs: '< 1000', peakRssMb: '< 250' },
  });
}

await main();
