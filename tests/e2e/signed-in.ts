import type { Browser, BrowserContext, BrowserContextOptions, Frame, Page } from 'playwright-core';
import type { SessionInfo } from '../../domain/schemas/account';
import { resolveLanguage } from '../../domain/i18n/resolve-language';
import { detectPlatform } from '../../src/platforms/detect-platform';
import { STORAGE_KEYS } from '../../src/adapters/storage';
import { signedHeaders } from '../helpers/signed-headers';
import { openPage } from './browser';

/**
 * Browser tests that are not about the login page start signed in: the sign-in goes through the API the
 * login page calls (from Node, with the context's user agent and language), and the context starts with
 * the cookies it set and the localStorage the login page writes. A page sign-in costs the login page's
 * first load, the redirect and the home's first load before the test reaches the page it is about; this
 * costs one request. The login page, the sign-in rules and the first screen after a sign-in keep their
 * tests through the page.
 */

/** Who signs in. */
export interface Credentials {
  account: string;
  password: string;
}

type Cookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
};

type StorageState = {
  cookies: Cookie[];
  origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
};

interface ServerConfig {
  signingKey: string;
  termsVersion?: string;
}

const configs = new Map<string, Promise<ServerConfig>>();

/** The settings the client reads at start (the request signing key, the terms in force), once per server. */
function serverConfig(baseUrl: string): Promise<ServerConfig> {
  let config = configs.get(baseUrl);
  if (!config) {
    config = fetch(`${baseUrl}/api/config`).then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
      return ((await response.json()) as { data: ServerConfig }).data;
    });
    configs.set(baseUrl, config);
    config.catch(() => configs.delete(baseUrl));
  }
  return config;
}

/** One Set-Cookie header as Playwright keeps a cookie. */
function parseSetCookie(header: string, host: string, nowMs: number): Cookie {
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const equals = pair.indexOf('=');
  const cookie: Cookie = {
    name: pair.slice(0, equals),
    value: pair.slice(equals + 1),
    domain: host,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax',
  };
  for (const attribute of attributes) {
    const [rawName, ...rest] = attribute.split('=');
    const name = rawName.toLowerCase();
    const value = rest.join('=');
    if (name === 'path') cookie.path = value;
    else if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'secure') cookie.secure = true;
    else if (name === 'max-age') cookie.expires = Math.floor(nowMs / 1000) + Number(value);
    else if (name === 'expires' && cookie.expires === -1) cookie.expires = Date.parse(value) / 1000;
    else if (name === 'samesite') {
      const lower = value.toLowerCase();
      cookie.sameSite = lower === 'strict' ? 'Strict' : lower === 'none' ? 'None' : 'Lax';
    }
  }
  return cookie;
}

/** What the login page sends as its loginClient for this context (use-login-page.ts loginClientOf). */
function loginClientOf(options: BrowserContextOptions): string {
  const platform = detectPlatform(options.userAgent ?? '', { viewportWidth: options.viewport?.width });
  if (platform.kind !== 'browser') return platform.kind;
  return platform.formFactor === 'mobile' ? 'mobile' : 'pc';
}

function requestHeaders(config: ServerConfig, options: BrowserContextOptions): Record<string, string> {
  return {
    ...signedHeaders(config.signingKey, Date.now()),
    ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    ...(options.locale ? { 'accept-language': options.locale } : {}),
  };
}

/** The localStorage the login page leaves after this sign-in (use-login-page.ts submit). */
function loginPageStorage(
  who: Credentials,
  session: SessionInfo,
  config: ServerConfig,
  options: BrowserContextOptions,
): Array<{ name: string; value: string }> {
  const items: Array<{ name: string; value: string }> = [
    { name: STORAGE_KEYS.session, value: JSON.stringify(session) },
  ];
  if (config.termsVersion) {
    const agreed = { version: config.termsVersion, names: [who.account.trim().toLowerCase()] };
    items.push({ name: STORAGE_KEYS.termsAgreed, value: JSON.stringify(agreed) });
  }
  // The login page follows the account's chosen language when it showed another (followAccountLanguage).
  if (session.LangChosen && session.Lang !== resolveLanguage(options.locale ?? null)) {
    items.push({ name: STORAGE_KEYS.language, value: session.Lang });
  }
  return items;
}

interface SignedIn {
  cookies: Cookie[];
  session: SessionInfo;
}

/** Signs `who` in through POST /api/account/loginV2 as the login page would in this context. */
async function signInByApi(
  baseUrl: string,
  who: Credentials,
  options: BrowserContextOptions,
): Promise<SignedIn> {
  const config = await serverConfig(baseUrl);
  const response = await fetch(`${baseUrl}/api/account/loginV2`, {
    method: 'POST',
    headers: { ...requestHeaders(config, options), 'content-type': 'application/json' },
    body: JSON.stringify({
      account: who.account,
      password: who.password,
      autoLogin: false,
      agreed: true,
      productType: 'UC',
      loginClient: loginClientOf(options),
      loginType: 0,
    }),
  });
  const answer = (await response.json()) as {
    message?: string;
    data?: SessionInfo | { SecondaryVerify: unknown };
  };
  if (!response.ok || !answer.data || 'SecondaryVerify' in answer.data)
    throw new Error(
      `signing ${who.account} in answered ${response.status}: ${answer.message ?? 'a verification'}`,
    );
  const host = new URL(baseUrl).hostname;
  const cookies = response.headers.getSetCookie().map((header) => parseSetCookie(header, host, Date.now()));
  return { cookies, session: answer.data };
}

/** The session behind `cookies` as GET /api/account/current answers it, or null once it has ended. */
async function currentSession(
  baseUrl: string,
  cookies: Cookie[],
  options: BrowserContextOptions,
): Promise<SessionInfo | null> {
  const config = await serverConfig(baseUrl);
  const response = await fetch(`${baseUrl}/api/account/current`, {
    headers: {
      ...requestHeaders(config, options),
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
    },
  });
  if (!response.ok) return null;
  return ((await response.json()) as { data: SessionInfo }).data;
}

/** Sessions signed in by this worker, by server, account and device, for the tests after. */
const sessions = new Map<string, SignedIn>();

/**
 * The cookies and localStorage of a context signed in as `who`. A session this worker signed in before for
 * the same account, password, user agent and form factor is used again while the server still answers it
 * as it was (not ended, not locked, no password change due), as a browser keeps its cookies between
 * visits; `ownSession` signs in anew and keeps the session to the caller (a test that ends or changes it).
 */
export async function signedInState(
  baseUrl: string,
  who: Credentials,
  options: BrowserContextOptions,
  ownSession = false,
): Promise<StorageState> {
  const key = [
    baseUrl,
    who.account,
    who.password,
    options.userAgent,
    loginClientOf(options),
    options.locale,
  ].join('\n');
  let signedIn = ownSession ? undefined : sessions.get(key);
  if (signedIn) {
    const now = await currentSession(baseUrl, signedIn.cookies, options);
    signedIn = now && usable(now) ? { cookies: signedIn.cookies, session: now } : undefined;
  }
  if (!signedIn) {
    signedIn = await signInByApi(baseUrl, who, options);
    if (!ownSession) sessions.set(key, signedIn);
    else sessions.delete(key);
  }
  const config = await serverConfig(baseUrl);
  return {
    cookies: signedIn.cookies,
    origins: [
      {
        origin: new URL(baseUrl).origin,
        localStorage: loginPageStorage(who, signedIn.session, config, options),
      },
    ],
  };
}

/** A session a test can start in: not locked, no password change due (the sign-in's first screen would be those). */
function usable(session: SessionInfo): boolean {
  return !session.PwdInfo.MustChange && !session.Locked;
}

/**
 * Gives `context` the cookies and localStorage of `state` before its first page of the server loads. Not
 * through newContext's storageState: Playwright writes its localStorage by opening a page of the origin in
 * the new context first (a renderer process and a navigation, about as much CPU as the login page).
 * Here the first document of the origin writes it as it starts, once: later loads find what the page left.
 */
export async function applyState(context: BrowserContext, state: StorageState): Promise<void> {
  await context.addCookies(state.cookies);
  const [{ origin, localStorage: items }] = state.origins;
  const seeding = await context.addInitScript(
    (seed: { origin: string; items: Array<{ name: string; value: string }> }) => {
      if (window.location.origin !== seed.origin || window !== window.top) return;
      for (const { name, value } of seed.items) window.localStorage.setItem(name, value);
    },
    { origin, items },
  );
  let done = false;
  const seeded = (frame: Frame) => {
    if (done || frame.parentFrame() || !frame.url().startsWith(`${origin}/`)) return;
    done = true;
    seeding.dispose().catch(() => undefined); // the context may be closing already
  };
  const watch = (page: Page) => page.on('framenavigated', seeded);
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * A fresh context (see openPage) that starts signed in as `who`, and its page, still blank: the test
 * opens the page it is about. Not for tests of the login page, the sign-in itself or its first screen.
 */
export async function openSignedInPage(
  browser: Browser,
  options: BrowserContextOptions,
  baseUrl: string,
  who: Credentials,
  flags: { securityNotice?: boolean; workTable?: boolean; ownSession?: boolean } = {},
): Promise<Page> {
  const state = await signedInState(baseUrl, who, options, flags.ownSession);
  const page = await openPage(browser, options, baseUrl, flags);
  await applyState(page.context(), state);
  return page;
}
