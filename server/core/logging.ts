import { randomUUID } from 'node:crypto';
import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config';
import { routeConfigOf } from './route-config';

/**
 * Headers and fields that carry secrets: never written to a log, whatever a log call passes. Our own
 * request lines hold no headers, bodies or query strings; this guards everything else.
 */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-signature"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'token',
  '*.token',
];

/**
 * The logger of the server. `pretty` (the default) writes short human lines (`[14:03:07] INFO: ...`, an
 * error with its stack) through pino-pretty used as a stream, not a worker transport, because the server is
 * bundled; `json` keeps pino's JSON lines for log collectors.
 */
export async function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  destination?: NodeJS.WritableStream,
): Promise<NonNullable<FastifyServerOptions['logger']>> {
  const base = { level: config.logLevel, redact: REDACTED_PATHS };
  if (config.logFormat === 'json') return destination ? { ...base, stream: destination } : base;
  // Loaded only when used: a JSON deployment does not pay for the prettifier at start-up.
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    hideObject: true,
    ...(destination ? { destination, sync: true } : {}),
  });
  return { ...base, stream };
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger that makes pino's child (which serialises its bindings, the request id, at once) only
 * when the request writes a line at a level in force: most requests write none, and would pay for a child
 * each all the same. Its methods live on the prototype, so a request allocates this one object.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: ChildOptions,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: LevelName, args: unknown[]): void {
    // A level the parent skips stays unwritten without making the child (whose level is the parent's).
    if (this.made === null && this.options?.level === undefined && !isLevelOn(this.parent.level, level))
      return;
    (this.real()[level] as (...line: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's per-request logger factory: a lazy child (see LazyRequestLogger). */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The error key of a failure answer, for the request's log line. */
    failureKey: string | null;
  }
}

/** pino's level numbers, to skip building a line that would not be written. */
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

function isLevelOn(current: string, level: LevelName): boolean {
  return LEVEL_VALUES[level] >= (LEVEL_VALUES[current] ?? 0);
}

/** The path of a request without its query string, which may carry codes or tickets. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * One line per request instead of Fastify's two, written when the answer is finished:
 * `POST /api/account/loginV2 401 23ms errors.login.wrongCredentials`. Reads that succeed (GET and HEAD
 * below 500) are routine and logged at debug (at info in the JSON format), so at the default level an operator sees sign-ins, changes
 * and failures without every page load flooding the terminal; answers of 500 and above are errors. The
 * JSON format keeps the same facts as fields under `request`. No headers, bodies or query strings.
 */
export class RequestLineLogController extends LogController {
  /** JSON logs are for a collector, which wants every request: reads that succeed are info there too. */
  private readonly everyRequest: boolean;

  constructor(options: { logFormat?: AppConfig['logFormat'] } = {}) {
    super({ requestIdLogLabel: 'reqId' });
    this.everyRequest = options.logFormat === 'json';
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const routine = (request.method === 'GET' || request.method === 'HEAD') && status < 500;
    const level = status >= 500 || error ? 'error' : routine && !this.everyRequest ? 'debug' : 'info';
    if (LEVEL_VALUES[level] < (LEVEL_VALUES[request.log.level] ?? 0)) return;
    const ms = Math.round(reply.elapsedTime);
    const path = pathOf(request.url);
    const key = request.failureKey;
    const line = `${request.method} ${path} ${status} ${ms}ms${key ? ` ${key}` : ''}`;
    const fields = {
      method: request.method,
      path,
      // The route's pattern (`/api/members/:id`) groups requests; the organisation says whose they were.
      route: (routeConfigOf(request).url as string | undefined) ?? null,
      org: request.session?.orgId ?? null,
      status,
      ms,
      ip: request.ip,
      ...(key ? { key } : {}),
    };
    request.log[level]({ request: fields, ...(error ? { err: error } : {}) }, line);
  }
}

/**
 * The request's failure key, null until sendFailure (server/plugins/envelope.ts), which builds every failure
 * envelope, notes it for the request line and the sign-in metrics. Noted there rather than by a hook
 * reading each answer on its way out: such a hook made every answer, successes too, go through Fastify's
 * pre-serialisation stage.
 */
export const failureKeyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('failureKey', null);
  },
  { name: 'failure-key' },
);

/** A request id a proxy may pass on (nginx's $request_id, a UUID): letters, digits, dashes, at most 64. */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The id of a request in every log line of it and in its X-Request-Id answer header: the one the proxy
 * sent in X-Request-Id when it is a plain token, else a new random UUID (unique across instances).
 */
export function requestIdOf(raw: { headers: Record<string, string | string[] | undefined> }): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && FORWARDED_REQUEST_ID.test(given) ? given : randomUUID();
}
