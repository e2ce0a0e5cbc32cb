import type { FastifyReply, FastifyRequest } from 'fastify';
import { isFramedByHost, HOST_FRAME_HEADER } from '../../domain/rules/host-frame';

// The session's cookies: their names on this transport and the attributes they are set and cleared with.

/** Name of the HttpOnly cookie that carries the session token (over plain http; see cookieName). */
export const SESSION_COOKIE = 'uc_session';
/** Readable cookie with display data only (DESIGN §5): never a secret. */
export const ACCOUNT_INFO_COOKIE = 'AccountInfo';

/**
 * The name a cookie has on this request. Over TLS it carries the `__Host-` prefix: browsers then accept it
 * only Secure, on Path=/ and without a Domain, so neither a sibling subdomain nor a plain-http page can
 * plant one. A plain-http deployment (local, or a test) keeps the bare name.
 */
export function cookieName(request: FastifyRequest, name: string): string {
  return request.overTls ? `__Host-${name}` : name;
}

/**
 * The value of the request's cookie `name` (its first occurrence, trimmed and percent-decoded as
 * @fastify/cookie's parser does), or undefined. Only the session and device cookies are ever read here, so
 * the Cookie header is searched for the one asked for instead of parsing (and decoding) every cookie of
 * every request, as @fastify/cookie's onRequest hook did (app.ts registers it with `hook: false`).
 */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const text = request.raw.headers.cookie;
  if (!text) return undefined;
  let start = 0;
  while (start < text.length) {
    const equals = text.indexOf('=', start);
    if (equals === -1) return undefined;
    let end = text.indexOf(';', start);
    if (end === -1) end = text.length;
    // A pair without '=' before the next ';': the name starts after that ';' (as the parser backtracks).
    if (equals > end) {
      start = text.lastIndexOf(';', equals - 1) + 1;
      continue;
    }
    if (trimmed(text, start, equals) === name) return decodedValue(trimmed(text, equals + 1, end));
    start = end + 1;
  }
  return undefined;
}

/** text[from, to) without the spaces and tabs around it. */
function trimmed(text: string, from: number, to: number): string {
  let start = from;
  let end = to;
  while (start < end && (text.charCodeAt(start) === 0x20 || text.charCodeAt(start) === 0x09)) start += 1;
  while (end > start && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09)) end -= 1;
  return text.slice(start, end);
}

function decodedValue(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The first value of a request header. */
export function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Whether the request comes from a page a chat host frames cross-site (the client's HOST_FRAME_HEADER). */
function isHostFramed(request: FastifyRequest): boolean {
  return isFramedByHost(header(request.headers[HOST_FRAME_HEADER]));
}

/**
 * Cookie attributes of the session: HttpOnly, Path=/, no Domain; SameSite=Lax, Secure behind TLS. A page
 * that a chat host frames cross-site (DingTalk PC's container) would never get a Lax cookie back, so its
 * cookies are SameSite=None; Secure (browsers refuse None without it; localhost counts as secure) and
 * Partitioned: Chromium-based hosts that block third-party cookies keep a partitioned one, for that
 * host's site only. CSRF stays out by request signing and the cross-site check, not by SameSite.
 */
function sessionCookieOptions(request: FastifyRequest, maxAgeSeconds: number | null) {
  const framed = isHostFramed(request);
  return {
    path: '/',
    httpOnly: true,
    sameSite: framed ? ('none' as const) : ('lax' as const),
    secure: framed || request.overTls,
    ...(framed ? { partitioned: true } : {}),
    ...(maxAgeSeconds === null ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** What the readable AccountInfo cookie shows: display data only. */
export interface AccountDisplay {
  ID: number;
  RealName: string;
  Lang: string;
}

/**
 * Sets the session cookie and its readable AccountInfo twin with the same lifetime (null: until the
 * browser closes), so that the display cookie never outlives or drops before the session.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  display: AccountDisplay,
  maxAgeSeconds: number | null,
): void {
  const options = sessionCookieOptions(request, maxAgeSeconds);
  reply.setCookie(cookieName(request, SESSION_COOKIE), token, options);
  reply.setCookie(cookieName(request, ACCOUNT_INFO_COOKIE), JSON.stringify(display), {
    ...options,
    httpOnly: false,
  });
}

/** Removes both session cookies, by the names and attributes they were set with on this transport. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const options = sessionCookieOptions(request, null);
  reply.clearCookie(cookieName(request, SESSION_COOKIE), options);
  reply.clearCookie(cookieName(request, ACCOUNT_INFO_COOKIE), { ...options, httpOnly: false });
}
