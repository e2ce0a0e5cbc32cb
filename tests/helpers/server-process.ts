import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export { freePort };

const root = path.resolve(import.meta.dirname, '..', '..');

/** A portal server running as its own process, as `npm start` runs it. */
export interface ServerProcess {
  url: string;
  port: number;
  /** Process id, e.g. for a benchmark to read the server's CPU time. */
  pid: number;
  dataDir: string;
  /** Lines the server printed, e.g. `demo admin: <account> password: <password>`. */
  output: string[];
  admin: { account: string; password: string };
  members: Array<{ account: string; password: string }>;
  /** Milliseconds from spawn to the first healthy answer. */
  startMs: number;
  stop(): Promise<void>;
}

/** Path of the bundled server; `npm run build` (or `npm start`) writes it, into SERVER_BUNDLE_DIR when set. */
export const SERVER_BUNDLE = path.join(root, process.env.SERVER_BUNDLE_DIR ?? 'dist-server', 'main.mjs');

/**
 * Starts the bundled server, as scripts/start.mjs does (one libuv thread per core, so argon2id work does
 * not crowd the event loop's core), on a free port and a data directory (a new temp one unless given),
 * waits for /api/health, and reads the demo credentials it printed when it seeded.
 */
export async function startServerProcess(
  options: { dataDir?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build first`);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'uc-server-'));
  const port = await freePort();
  const started = performance.now();
  // SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the server a benchmark drives.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? String(os.availableParallelism()),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30000);
  let startMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('\n')}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        startMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const credentials = (prefix: string) =>
    output
      .map((line) => new RegExp(`^${prefix}: (\\S+) password: (\\S+)$`).exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => ({ account: match[1], password: match[2] }));
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output,
    admin: credentials('demo admin')[0] ?? { account: '', password: '' },
    members: credentials('demo member'),
    startMs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
