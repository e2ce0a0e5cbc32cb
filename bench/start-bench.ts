/**
 * Time from process start to /api/health answering, on an already migrated and seeded database, for the
 * bundled server that `npm start` runs. Node's own start-up to a listening bare HTTP server is measured in
 * the same run as the floor.
 */
import { spawn } from 'node:child_process';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { freePort, startServerProcess } from '../tests/helpers/server-process';
import { percentile, report, round } from './bench-utils';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function bareNodeStartMs(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [
    '-e',
    `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`,
  ]);
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
  const elapsed = performance.now() - started;
  child.kill();
  return elapsed;
}

async function main() {
  await bundleServer();
  const first = await startServerProcess(); // migrates and seeds the data directory
  await first.stop();
  const server: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const next = await startServerProcess({ dataDir: first.dataDir });
    server.push(next.startMs);
    await next.stop();
    bare.push(await bareNodeStartMs());
  }
  const median = percentile(server, 50);
  report('start', {
    runs: RUNS,
    startToHealthyMs: {
      median: round(median),
      min: round(Math.min(...server)),
      max: round(Math.max(...server)),
    },
    bareNodeHttpStartMs: { median: round(percentile(bare, 50)) },
    ratioToBareNode: round(median / percentile(bare, 50), 2),
    target: 'startToHealthyMs.median < 500',
    met: median < 500,
  });
}

await main();
