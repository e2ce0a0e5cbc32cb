import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/helpers/free-port';
import { type BenchResponse, createJsonClient } from './bench-utils';

/** A bare server of a benchmark's, in its own process. */
interface BareServer {
  url: string;
  pid: number;
  stop: () => void;
}

/**
 * Runs `script(port)` (node:http listening on 127.0.0.1 at that port, printing a line once it does) in a
 * process of its own on a free port, with `env` added to this process's environment, and waits for the line.
 */
async function runBareServer(
  name: string,
  script: (port: number) => string,
  env: Record<string, string>,
): Promise<BareServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-e', script(port)], {
    // Where @node-rs/argon2 resolves from.
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill() };
}

/** A bare node:http server in its own process answering every request with the given bytes. */
export function startBareServer(body: string, headers: Record<string, string>): Promise<BareServer> {
  const script = (port: number) => `
    const body = Buffer.from(process.env.BARE_BODY, 'base64');
    const headers = JSON.parse(process.env.BARE_HEADERS);
    require('node:http')
      .createServer((request, response) => {
        request.resume();
        response.writeHead(200, headers);
        response.end(body);
      })
      .listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  return runBareServer('bare server', script, {
    BARE_BODY: Buffer.from(body).toString('base64'),
    BARE_HEADERS: JSON.stringify(headers),
  });
}

/** A bare server answering like one of ours, with the request that reads it; `stop` ends both. */
export interface BareFloor {
  pid: number;
  read: () => Promise<void>;
  stop: () => void;
}

/**
 * The machine's floor for one of our answers: a bare node:http server in its own process answers the same
 * bytes with the same content headers, and the same client code sends it the same request (`path`, with
 * `headers` made fresh for each call) at `connections`. Our rate over its rate is what the stack costs.
 */
export async function startBareFloor(
  answer: BenchResponse,
  request: { path: string; headers: () => Record<string, string>; connections: number },
): Promise<BareFloor> {
  const contentHeaders = Object.fromEntries(
    Object.entries(answer.headers).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && !['date', 'connection', 'keep-alive'].includes(entry[0]),
    ),
  );
  const bare = await startBareServer(answer.body, contentHeaders);
  const client = createJsonClient(bare.url, { maxSockets: request.connections });
  return {
    pid: bare.pid,
    read: async () => {
      const response = await client.get(request.path, request.headers());
      if (response.status !== 200) throw new Error(`bare server answered ${response.status}`);
    },
    stop: () => {
      client.close();
      bare.stop();
    },
  };
}

/**
 * startBareFloor for one measurement: `measure` times the bare server as the bench times ours (it is given
 * the bare server's pid and the request to repeat), and the server stops after it.
 */
export async function measureBareFloor<T>(
  answer: BenchResponse,
  request: { path: string; headers: () => Record<string, string>; connections: number },
  measure: (pid: number, task: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const floor = await startBareFloor(answer, request);
  try {
    return await measure(floor.pid, floor.read);
  } finally {
    floor.stop();
  }
}

/**
 * The floor of a sign-in on this machine: a bare node:http server in its own process, set up as ours is
 * (one libuv thread per core), that reads the JSON body, verifies its password against `storedHash` with
 * the same argon2id call and answers the bytes ours answered (`head`: status line and headers as read,
 * `body`), 401 with the same bytes when the password is wrong. No signature, nonce, account, limit, log or
 * session: what is left is HTTP on both sides of the loopback and the hash, which no server can do without.
 */
export function startBareSignInServer(
  storedHash: string,
  answer: { head: string; body: string },
): Promise<BareServer> {
  // The recorded head minus what node:http adds itself (the date, the connection and its keep-alive).
  const headers = answer.head
    .split('\r\n')
    .slice(1)
    .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()])
    .filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name.toLowerCase()));
  const script = (port: number) => `
    const { verify } = require('@node-rs/argon2');
    const body = Buffer.from(process.env.BARE_BODY, 'base64');
    const headers = JSON.parse(process.env.BARE_HEADERS);
    const server = require('node:http').createServer((request, response) => {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk) => (text += chunk));
      request.on('end', async () => {
        const matches = await verify(process.env.BARE_HASH, JSON.parse(text).password).catch(() => false);
        response.writeHead(matches ? 200 : 401, headers);
        response.end(body);
      });
    });
    // Idle keep-alive connections kept as long as Fastify keeps ours (node:http's own limit is 5 s).
    server.keepAliveTimeout = 72000;
    server.listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  return runBareServer('bare sign-in server', script, {
    BARE_BODY: Buffer.from(answer.body).toString('base64'),
    // As a flat list of names and values: node:http sends a repeated name (set-cookie) once per value.
    BARE_HEADERS: JSON.stringify(headers.flat()),
    BARE_HASH: storedHash,
    UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? String(os.availableParallelism()),
  });
}
