import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { OutboundGuard } from './outbound-guard';

/** How long an outbound call may take and how large its answer may be. */
export interface OutboundLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** An answer larger than the limit: the connection is cut and nothing of it is used. */
export class OutboundTooLarge extends Error {
  readonly code = 'EOUTBOUNDTOOLARGE';
}

/** The fetch signature the OAuth client and our own callers use (a subset of the WHATWG one). */
export type GuardedFetch = (
  input: string | URL,
  init?: {
    method?: string;
    headers?: HeadersInit;
    body?: string | URLSearchParams | null;
    signal?: AbortSignal | null;
  },
) => Promise<Response>;

/** Statuses whose Response may carry no body. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch to addresses an administrator set (SSO), through the outbound guard: a literal address is checked
 * before connecting and a name at the moment of connecting (the guard's lookup), so neither loopback nor
 * metadata is ever reached, unless the operator allows the host (OUTBOUND_ALLOW_HOSTS). Redirects are not
 * followed (a redirect could lead anywhere); the call ends after `timeoutMs` and when the answer grows past
 * `maxBytes`.
 */
export function createGuardedFetch(guard: OutboundGuard, limits: OutboundLimits): GuardedFetch {
  return async (input, init = {}) => {
    const url = new URL(String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('only http(s) is fetched');
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const allowed = guard.allowsHost(host, port);
    // Node connects to an IP address without a lookup: a literal one is checked here.
    if (!allowed && net.isIP(host)) await guard.resolve(host);
    const headers = Object.fromEntries(new Headers(init.headers ?? {}).entries());
    let body: string | undefined;
    if (init.body instanceof URLSearchParams) {
      body = init.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (typeof init.body === 'string') {
      body = init.body;
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const signals = [AbortSignal.timeout(limits.timeoutMs), ...(init.signal ? [init.signal] : [])];
    const signal = AbortSignal.any(signals);
    const agentModule = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = agentModule.request(
        url,
        { method: init.method ?? 'GET', headers, signal, ...(allowed ? {} : { lookup: guard.lookup }) },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.maxBytes) {
              request.destroy(
                new OutboundTooLarge(`the answer of ${url.host} is over ${limits.maxBytes} bytes`),
              );
              return;
            }
            chunks.push(chunk);
          });
          answer.on('error', reject);
          answer.on('end', () => {
            const status = answer.statusCode ?? 500;
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(answer.headers)) {
              if (value === undefined) continue;
              for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
            }
            resolve(
              new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), {
                status,
                headers: responseHeaders,
              }),
            );
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}

/** The first error of a class in an error's cause chain (libraries wrap what the fetch threw). */
export function causeOf<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof type) return current;
    current = current.cause;
  }
  return null;
}
