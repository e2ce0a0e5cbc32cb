import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** One request a fake platform received, as tests assert on it. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string, e.g. `/cgi-bin/gettoken`. */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, the raw text when it is not JSON, or null without a body. */
  body: unknown;
  /** The Authorization header (Feishu's Bearer tokens), or ''. */
  authorization: string;
  /** Every header, lower-case names. */
  headers: Record<string, string>;
  /** Wall-clock milliseconds when it arrived. */
  at: number;
}

/**
 * What a fake answers: a status (200 unless given) and a JSON body, or a redirect; optionally after a
 * delay, or never (`hang`: the connection stays open until the caller gives up or the fake closes).
 */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  location?: string;
  delayMs?: number;
  hang?: boolean;
}

/** A person of the host's directory, as a fake knows them. */
export interface FakeHostUser {
  /** DingTalk userid, Feishu user_id, WeCom userid, WeChat OA openid. */
  userId: string;
  unionId?: string;
  /** Feishu open_id (default `ou_<userId>`); a WeCom non-member's openid. */
  openId?: string;
  /** As the host stores it, e.g. `13800000000` or Feishu's `+8613800000000`; absent without the scope. */
  mobile?: string;
  email?: string;
  name?: string;
}

/** The control surface every platform fake offers, in process and over HTTP (`connectHostFakes`). */
export interface FakeControl {
  /** Requests received so far, oldest first; only those to `path` when given. */
  requests(path?: string): Promise<RecordedRequest[]>;
  /** The next `times` requests to `path` get `answer` instead of the platform's behaviour. */
  script(path: string, answer: FakeAnswer, times?: number): Promise<void>;
  /** The next `times` requests to `path` get the platform's own rate-limit answer. */
  rateLimit(path: string, times?: number): Promise<void>;
  /** The next `times` requests to `path` are never answered (a platform that hangs). */
  hang(path: string, times?: number): Promise<void>;
  /** Every answer waits this long first (0: none). */
  setDelay(ms: number): Promise<void>;
  /**
   * Every access token handed out so far is expired from now on: the next call with one gets the
   * platform's expired-token answer (WeCom and WeChat 42001), and a new token works.
   */
  expireTokens(): Promise<void>;
  /**
   * From now on, each request to `path` fails with probability `rate` (0 turns it off) with `answer`
   * (default: HTTP 503), before the platform does anything: a flaky platform, for retries and benchmarks.
   */
  flaky(path: string, rate: number, answer?: FakeAnswer): Promise<void>;
  /** Forgets recorded requests, scripted answers, flakiness and the delay; apps, users and tokens stay. */
  reset(): Promise<void>;
}

interface Scripted {
  path: string;
  answer: FakeAnswer;
  remaining: number;
}

/**
 * What every platform fake shares: request recording, scripted answers, delays and token bookkeeping.
 * A subclass answers the platform's paths in `handle` and names its extra control methods.
 */
export abstract class FakePlatform implements FakeControl {
  private readonly recorded: RecordedRequest[] = [];
  private scripted: Scripted[] = [];
  private delayMs = 0;
  private flakiness = new Map<string, { rate: number; answer: FakeAnswer }>();
  /** Issued access tokens: token -> the app it belongs to and whether it has expired. */
  protected readonly tokens = new Map<string, { app: string; expired: boolean }>();

  /** The platform's answer to a rate-limited call. */
  protected abstract readonly rateLimitAnswer: FakeAnswer;
  /** Methods besides FakeControl's that the HTTP control endpoint may call. */
  abstract readonly controlMethods: readonly string[];

  /** Answers one request the way the platform does. */
  protected abstract handle(request: RecordedRequest): FakeAnswer | Promise<FakeAnswer>;

  async requests(path?: string): Promise<RecordedRequest[]> {
    return this.recorded.filter((request) => path === undefined || request.path === path);
  }

  async script(path: string, answer: FakeAnswer, times = 1): Promise<void> {
    this.scripted.push({ path, answer, remaining: times });
  }

  async rateLimit(path: string, times = 1): Promise<void> {
    await this.script(path, this.rateLimitAnswer, times);
  }

  async hang(path: string, times = 1): Promise<void> {
    await this.script(path, { hang: true }, times);
  }

  async setDelay(ms: number): Promise<void> {
    this.delayMs = ms;
  }

  async flaky(path: string, rate: number, answer: FakeAnswer = { status: 503, body: { error: 'busy' } }) {
    if (rate > 0) this.flakiness.set(path, { rate, answer });
    else this.flakiness.delete(path);
  }

  async expireTokens(): Promise<void> {
    for (const token of this.tokens.values()) token.expired = true;
  }

  async reset(): Promise<void> {
    this.recorded.length = 0;
    this.scripted = [];
    this.delayMs = 0;
    this.flakiness.clear();
  }

  /** Records the request and answers it: a scripted answer first, else the platform's behaviour. */
  async answer(request: RecordedRequest): Promise<FakeAnswer> {
    this.recorded.push(request);
    const scripted = this.scripted.find((entry) => entry.path === request.path && entry.remaining > 0);
    if (scripted) {
      scripted.remaining -= 1;
      this.scripted = this.scripted.filter((entry) => entry.remaining > 0);
      return { delayMs: this.delayMs, ...scripted.answer };
    }
    const flaky = this.flakiness.get(request.path);
    if (flaky && Math.random() < flaky.rate) return { delayMs: this.delayMs, ...flaky.answer };
    return { delayMs: this.delayMs, ...(await this.handle(request)) };
  }

  /** A new random token of an app, with a platform prefix such as `t-`. */
  protected issueToken(app: string, prefix: string): string {
    const token = `${prefix}${randomBytes(12).toString('hex')}`;
    this.tokens.set(token, { app, expired: false });
    return token;
  }

  /** The app a token belongs to, or why it does not work. */
  protected checkToken(token: string | undefined): { app: string } | 'invalid' | 'expired' {
    const found = token ? this.tokens.get(token) : undefined;
    if (!found) return 'invalid';
    return found.expired ? 'expired' : { app: found.app };
  }

  /** A random single-use code. */
  protected newCode(): string {
    return randomBytes(12).toString('hex');
  }
}

/** A fake listening on loopback. */
export interface RunningFake {
  url: string;
  close(): Promise<void>;
}

const CONTROL_METHODS = [
  'requests',
  'script',
  'rateLimit',
  'hang',
  'setDelay',
  'expireTokens',
  'flaky',
  'reset',
] as const;

/** The prefix of the control endpoint: `POST /__fake/<method>` with `{ "args": [...] }`. */
export const CONTROL_PREFIX = '/__fake/';

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Serves a fake on 127.0.0.1 and a free port: the platform's paths, plus the control endpoint the browser
 * tests use from another process (`POST /__fake/<method>`).
 */
export async function serveFake(fake: FakePlatform): Promise<RunningFake> {
  const allowed = new Set<string>([...CONTROL_METHODS, ...fake.controlMethods]);
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake.local');
      const text = await readBody(request);
      if (url.pathname.startsWith(CONTROL_PREFIX)) {
        const method = url.pathname.slice(CONTROL_PREFIX.length);
        const target = (fake as unknown as Record<string, unknown>)[method];
        if (!allowed.has(method) || typeof target !== 'function') {
          response.writeHead(404, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: `no control method ${method}` }));
          return;
        }
        try {
          const { args } = (parseBody(text) ?? { args: [] }) as { args?: unknown[] };
          const result: unknown = await (target as (...a: unknown[]) => unknown).apply(fake, args ?? []);
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ result: result ?? null }));
        } catch (error) {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
        }
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      );
      const answer = await fake.answer({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: parseBody(text),
        authorization: headers.authorization ?? '',
        headers,
        at: Date.now(),
      });
      if (answer.hang) return;
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (response.destroyed) return;
      if (answer.location) {
        response.writeHead(answer.status ?? 302, { location: answer.location });
        response.end();
        return;
      }
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(answer.body ?? {}));
    })().catch((error: unknown) => {
      if (response.headersSent) return;
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A fake's control surface over HTTP, for tests in another process than the fakes (browser tests whose
 * global setup started them): every method posts to the fake's control endpoint.
 */
export function remoteControl<T extends object>(baseUrl: string): T {
  return new Proxy({} as T, {
    get(_target, name) {
      // Not a thenable: `await remoteControl(...)` must give the proxy back.
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        const response = await fetch(`${baseUrl}${CONTROL_PREFIX}${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ args }),
        });
        const answer = (await response.json()) as { result?: unknown; error?: string };
        if (!response.ok) throw new Error(answer.error ?? `control ${name} failed`);
        return answer.result;
      };
    },
  });
}
