import type { HostPlatform } from '../../domain/constants';

/**
 * Why a call to a chat platform failed:
 * - `codeRejected`: the sign-in code (or OAuth code) is unknown, expired or used;
 * - `tokenRejected`: the access token is invalid or expired (fetch a new one and retry once);
 * - `credentialsRejected`: the app key or secret is refused (a configuration problem);
 * - `recipientRejected`: a message's recipient is unknown to the platform (permanent);
 * - `rateLimited`: the platform asks to slow down (transient);
 * - `unreachable`: timeout, network error, 5xx or an answer that is not the platform's JSON (transient);
 * - `refused`: any other error answer of the platform (permanent).
 */
export type HostFailure =
  | 'codeRejected'
  | 'tokenRejected'
  | 'credentialsRejected'
  | 'recipientRejected'
  | 'rateLimited'
  | 'unreachable'
  | 'refused';

/**
 * A failed call to a chat platform. `detail` names the path and the platform's own code and message,
 * never a query string, token or secret, so it may be logged and shown to an administrator.
 */
export class HostApiError extends Error {
  constructor(
    readonly platform: HostPlatform,
    readonly reason: HostFailure,
    readonly detail: string,
  ) {
    super(`${platform} ${reason}: ${detail}`);
    this.name = 'HostApiError';
  }

  /** Whether trying again later may succeed. */
  get transient(): boolean {
    return this.reason === 'unreachable' || this.reason === 'rateLimited';
  }
}

/** One JSON call to a platform. */
export interface HostRequest {
  method: 'GET' | 'POST';
  /** The base (from config) and path, e.g. `https://qyapi.weixin.qq.com` and `/cgi-bin/gettoken`. */
  base: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Ends the call when the caller's time is up. */
  signal: AbortSignal;
}

/** A platform's JSON answer with its HTTP status (platforms answer errors with 200 or 4xx and a body). */
export interface HostResponse {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Calls a platform and parses its JSON answer. A timeout (the signal), a network error, a 5xx or an answer
 * that is not a JSON object is `unreachable`; a 429 is `rateLimited`; any other status comes back with its
 * body for the platform's own error codes.
 */
export async function hostRequest(platform: HostPlatform, request: HostRequest): Promise<HostResponse> {
  // The base may carry a path prefix (a proxy in front of the platform); the path is appended to it.
  const url = new URL(`${request.base}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = request.signal.aborted;
    const cause = error instanceof Error ? error.message : String(error);
    throw new HostApiError(
      platform,
      'unreachable',
      `${request.path}: ${timedOut ? 'no answer in time' : `network error (${cause})`}`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.status === 429) {
    throw new HostApiError(platform, 'rateLimited', `${request.path}: HTTP 429 ${describeBody(body)}`);
  }
  if (response.status >= 500 || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HostApiError(platform, 'unreachable', `${request.path}: HTTP ${response.status}`);
  }
  return { status: response.status, body: body as Record<string, unknown> };
}

/** The platform's own error code and message of a body, for a HostApiError's detail. */
export function describeBody(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const fields = body as Record<string, unknown>;
  const code = fields.errcode ?? fields.code;
  const message = fields.errmsg ?? fields.msg ?? fields.message;
  return [code, message].filter((part) => part !== undefined && part !== '').join(' ');
}

/** A string field of a platform answer, or '' (platforms leave fields out rather than send null). */
export function field(body: Record<string, unknown> | undefined, name: string): string {
  const value = body?.[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * The failure of a WeChat-style answer (DingTalk's old API, WeCom, WeChat OA: `errcode`/`errmsg`), or null
 * when `errcode` is 0 or absent. `codes` names the platform's codes for a bad sign-in code and a bad
 * recipient; token, rate-limit and system-busy codes are common to the three.
 */
export function errcodeFailure(
  platform: HostPlatform,
  path: string,
  body: Record<string, unknown>,
  codes: { code?: number[]; recipient?: number[]; credentials?: number[] } = {},
): HostApiError | null {
  // DingTalk wraps some errors as errcode 88 with the real code in sub_code.
  const subCode = Number(body.sub_code);
  const errcode = Number(body.errcode) === 88 && subCode ? subCode : Number(body.errcode ?? 0);
  if (!errcode) return null;
  const detail = `${path}: ${describeBody(body)}`;
  // 40014 invalid token, 42001 expired (WeCom, WeChat, DingTalk); 40001 WeChat's invalid credential.
  if ([40014, 42001, 40001].includes(errcode) && !codes.credentials?.includes(errcode)) {
    return new HostApiError(platform, 'tokenRejected', detail);
  }
  // -1 system busy; 45009 / 45011 / 90018 / 90002 call frequency limits.
  if (errcode === -1) return new HostApiError(platform, 'unreachable', detail);
  if ([45009, 45011, 90002, 90018].includes(errcode))
    return new HostApiError(platform, 'rateLimited', detail);
  if (codes.code?.includes(errcode)) return new HostApiError(platform, 'codeRejected', detail);
  if (codes.recipient?.includes(errcode)) return new HostApiError(platform, 'recipientRejected', detail);
  if (codes.credentials?.includes(errcode)) return new HostApiError(platform, 'credentialsRejected', detail);
  return new HostApiError(platform, 'refused', detail);
}

/** The platform's error codes `errcodeFailure` tells apart. */
export type ErrcodeKinds = NonNullable<Parameters<typeof errcodeFailure>[3]>;

/** One call to a WeChat-style API (`errcode`/`errmsg` answers): the answer, or its HostApiError thrown. */
export type ErrcodeCall = (
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string>,
  signal: AbortSignal,
  body?: unknown,
  codes?: ErrcodeKinds,
) => Promise<Record<string, unknown>>;

/** Calls of a WeChat-style API at `base` (DingTalk's old API, WeCom, WeChat OA), failing on any `errcode`. */
export function errcodeCaller(platform: HostPlatform, base: string): ErrcodeCall {
  return async (method, path, query, signal, body, codes = {}) => {
    const { body: answer } = await hostRequest(platform, { method, base, path, query, body, signal });
    const failure = errcodeFailure(platform, path, answer, codes);
    if (failure) throw failure;
    return answer;
  };
}

/**
 * The app access token of a WeChat-style token endpoint (WeCom's `gettoken`, WeChat OA's `token`): both
 * answer `access_token` and `expires_in` (7200 s when left out), and a refused app id or secret is one of
 * `credentials`.
 */
export async function fetchErrcodeToken(
  platform: HostPlatform,
  call: ErrcodeCall,
  request: { path: string; query: Record<string, string>; credentials: number[] },
  signal: AbortSignal,
): Promise<{ token: string; expiresInSeconds: number }> {
  const answer = await call('GET', request.path, request.query, signal, undefined, {
    credentials: request.credentials,
  });
  const token = field(answer, 'access_token');
  if (!token) throw new HostApiError(platform, 'refused', `${request.path}: no token in the answer`);
  return { token, expiresInSeconds: Number(answer.expires_in ?? 7200) };
}
