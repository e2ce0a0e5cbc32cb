import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBundle } from '../../scripts/bundle-server.mjs';
import { freePort } from '../helpers/free-port';

const root = path.resolve(import.meta.dirname, '..', '..');
let serverBundle = '';

// The bundled server, as `npm start` runs it (bundled now when the sources changed since the last bundle).
beforeAll(async () => {
  serverBundle = path.join(await ensureServerBundle(), 'main.mjs');
}, 180_000);
const running: ChildProcess[] = [];
const listeners: net.Server[] = [];

afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(listeners.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

interface Run {
  child: ChildProcess;
  lines: string[];
  stderr: string[];
}

/** Runs the bundled server as `npm start` does, with a fresh data directory. */
function runMain(env: Record<string, string>): Run {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-start-'));
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      DATABASE_URL: '',
      SMTP_URL: '',
      SMS_WEBHOOK_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const run: Run = { child, lines: [], stderr: [] };
  child.stdout?.on('data', (chunk: Buffer) =>
    run.lines.push(...chunk.toString().split('\n').filter(Boolean)),
  );
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = chunk.toString().split('\n').filter(Boolean);
    run.lines.push(...lines);
    run.stderr.push(...lines);
  });
  return run;
}

function exitOf(run: Run): Promise<number | null> {
  if (run.child.exitCode !== null) return Promise.resolve(run.child.exitCode);
  return new Promise((resolve) => run.child.once('exit', (code) => resolve(code)));
}

/** Resolves once a printed line matches, or rejects when the process exits first. */
function lineMatching(run: Run, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = run.lines.find((line) => pattern.test(line));
      if (found) {
        clearInterval(timer);
        resolve(found);
      } else if (run.child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`exited ${run.child.exitCode}:\n${run.lines.join('\n')}`));
      }
    };
    const timer = setInterval(check, 20);
  });
}

/** A loopback port with something listening on it. */
async function occupiedPort(): Promise<number> {
  const server = net.createServer();
  listeners.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

async function expectOneLineFailure(env: Record<string, string>, expected: RegExp): Promise<void> {
  const run = runMain(env);
  expect(await exitOf(run)).toBe(1);
  expect(run.lines).toHaveLength(1);
  expect(run.stderr[0]).toMatch(expected);
}

describe('server start-up faults', () => {
  it('PORT=abc: one line naming the variable, its value and what it must be; exit 1', async () => {
    await expectOneLineFailure(
      { PORT: 'abc' },
      /^Invalid configuration: PORT="abc" must be a port number from 0 to 65535\. Fix the environment/,
    );
  });

  it('DATA_DIR that is a file: one line saying so and what to do; exit 1', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'uc-start-')), 'not-a-dir');
    fs.writeFileSync(file, 'x');
    await expectOneLineFailure(
      { DATA_DIR: file },
      new RegExp(
        `^DATA_DIR ${file} is not a directory \\(a file is in the way\\): set DATA_DIR to a directory`,
      ),
    );
  });

  it('PostgreSQL that cannot be reached: one line naming where and what to do; exit 1', async () => {
    const port = await freePort();
    await expectOneLineFailure(
      { DATABASE_URL: `postgres://portal:s3cret@127.0.0.1:${port}/portal` },
      new RegExp(
        `^Cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port}/portal \\(ECONNREFUSED\\): start PostgreSQL`,
      ),
    );
  });

  it('a port in use: one line naming the port and what to do; exit 1', async () => {
    const port = await occupiedPort();
    await expectOneLineFailure(
      { PORT: String(port) },
      new RegExp(
        `^Port ${port} is already in use \\(127\\.0\\.0\\.1:${port}\\): stop the program using it or set PORT`,
      ),
    );
  });

  it('starts with one banner on all addresses and warns of a mail server it cannot reach', async () => {
    const port = await freePort();
    const smtpPort = await freePort();
    const run = runMain({ HOST: '0.0.0.0', PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    await lineMatching(
      run,
      /^Warning: the mail server 127\.0\.0\.1:\d+ of SMTP_URL cannot be reached \(ECONNREFUSED\)/,
    );
    expect(run.lines.filter((line) => line.includes('is ready at'))).toEqual([
      expect.stringMatching(new RegExp(`^Lab Account Centre \\S+ is ready at http://localhost:${port}$`)),
    ]);
    expect(run.lines).toContainEqual(expect.stringMatching(/^Listening on all addresses of this machine/));
    expect(run.lines.join('\n')).not.toMatch(/Server listening at/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.ok).toBe(true);
  });
});
