import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBundle } from '../../scripts/bundle-server.mjs';
import { freePort } from './free-port';

const root = path.resolve(import.meta.dirname, '..', '..');

/** One portal instance as its own process (the bundled server, as `npm start` runs it). */
export interface InstanceProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Every line it printed, standard output and error. */
  lines: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGKILL if still running (tests' clean-up). */
  kill(): void;
}

/**
 * Starts the bundled server (bundling it first when its sources changed) on a free loopback port with
 * `env` added, and resolves once /api/health answers. DATA_DIR is a new temp directory unless given.
 */
export async function startInstance(
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<InstanceProcess> {
  const bundle = path.join(await ensureServerBundle(), 'main.mjs');
  const port = await freePort();
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'uc-instance-')),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'pretty',
      DATABASE_URL: '',
      SMTP_URL: '',
      SMS_WEBHOOK_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance exited early:\n${lines.join('\n')}`);
    const status = await statusOf(`${url}/api/health`);
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the instance did not answer:\n${lines.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    child,
    url,
    port,
    lines,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** The status of a GET on a new connection, or the connection error's code (ECONNREFUSED, ...). */
export function statusOf(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Polls `check` until it answers true (a process's state changing; no fixed wait). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the awaited state never came');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
