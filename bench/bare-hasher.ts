import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');

/** One timed batch of bare verifications: its wall time and the hashing process's CPU (all threads). */
export interface HashBatch {
  elapsedMs: number;
  cpuMs: number;
}

/** A process that only verifies one password against one argon2id hash, in batches on request. */
export interface BareHasher {
  run(total: number, inFlight: number): Promise<HashBatch>;
  stop(): void;
}

/**
 * Starts the bare hash-bound measurement in a process configured as the server is (tests/helpers/
 * server-process.ts, scripts/start.mjs): plain node with one libuv thread per core unless
 * UV_THREADPOOL_SIZE says otherwise. The bound must be what the server's own hash threads could reach:
 * measured in the load generator's process (libuv's default of four threads, and the TypeScript loader
 * beside it) it had twice the server's hash threads, which on a machine shared with other work take a
 * larger share of the cores than the server's two ever get.
 */
export async function startBareHasher(storedHash: string, password: string): Promise<BareHasher> {
  const script = `
    const { verify } = require('@node-rs/argon2');
    const { BARE_HASH: stored, BARE_PASSWORD: password } = process.env;
    require('node:readline').createInterface({ input: process.stdin }).on('line', async (line) => {
      const { total, inFlight } = JSON.parse(line);
      let started = 0;
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const worker = async () => {
        while (started < total) {
          started += 1;
          await verify(stored, password);
        }
      };
      await Promise.all(Array.from({ length: inFlight }, worker));
      const elapsedMs = performance.now() - start;
      const cpu = process.cpuUsage(cpuStart);
      console.log(JSON.stringify({ elapsedMs, cpuMs: (cpu.user + cpu.system) / 1000 }));
    });
    console.log('ready');`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], {
    cwd: root,
    env: {
      ...process.env,
      BARE_HASH: storedHash,
      BARE_PASSWORD: password,
      UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? String(os.availableParallelism()),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the bare hashing process exited');
    return line.value;
  };
  if ((await nextLine()) !== 'ready') throw new Error('the bare hashing process did not start');
  return {
    async run(total, inFlight) {
      child.stdin!.write(`${JSON.stringify({ total, inFlight })}\n`);
      return JSON.parse(await nextLine()) as HashBatch;
    },
    stop: () => child.kill(),
  };
}

let clockTicksPerSecond: number | null = null;

/**
 * CPU time (user + system, ms) of a process's main thread (the event loop: JavaScript, SQLite, sockets),
 * from Linux's /proc; null elsewhere. The argon2id hashes run on other threads, so this is the server's
 * cost beyond the hash without subtracting a bare verification measured elsewhere.
 */
export function mainThreadCpuMs(pid: number): number | null {
  try {
    clockTicksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return null;
  }
}
