import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/**
 * Browser contexts of the worker's chromium, used again by later tests instead of made anew. A fresh
 * context has an empty HTTP cache, so every test's first page downloaded, parsed and compiled the whole
 * client again: the home in a fresh context cost about 3.8 s of CPU (chromium, server and test process),
 * a new page of a context that had shown it 2.0 s (bench:e2e-sign-in). A context goes back to the pool
 * when the test closes it, and comes out as a fresh one would be to the app: its pages closed, no cookies,
 * no permissions, the localStorage, IndexedDB and other site data of every origin its pages showed
 * cleared (before its next first page can load), its init scripts and the test's listeners gone. What it
 * keeps is what a returning browser keeps: the HTTP cache and compiled code. A context a test changed in
 * a way this cannot undo (routes, exposed functions, the clock, headers, offline, geolocation, timeouts)
 * is closed for real instead.
 */

const MAX_IDLE_PER_OPTIONS = 2;
const MAX_IDLE = 6;

/** Site data a context's next test must not find (the HTTP cache is kept on purpose). */
const SITE_DATA = 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage';

/** Methods that leave state in a context the pool cannot reset: a context they were called on is closed. */
const UNRESETTABLE = [
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'unrouteAll',
  'exposeBinding',
  'exposeFunction',
  'setGeolocation',
  'setOffline',
  'setHTTPCredentials',
  'setExtraHTTPHeaders',
  'grantPermissions',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'newCDPSession',
] as const;
const CLOCK_METHODS = [
  'install',
  'fastForward',
  'pauseAt',
  'resume',
  'runFor',
  'setFixedTime',
  'setSystemTime',
];

type Listener = (...args: unknown[]) => unknown;

/** What the pool keeps about one of its contexts. */
interface Pooled {
  key: string;
  inUse: boolean;
  /** Something was done to it that the pool cannot undo. */
  changed: boolean;
  /** Origins its pages showed since it was last cleared. */
  visited: Set<string>;
  /** Origins whose site data the next first page must find cleared. */
  toClear: Set<string>;
  initScripts: Array<{ dispose(): Promise<void> }>;
  /** A page of the origin the last test showed, kept open while the context is idle (keepRendererWarm). */
  keeper: Page | null;
  /** The listeners the pool itself keeps on it. */
  ownListeners: Map<string | symbol, Set<Listener>>;
  reallyClose(): Promise<void>;
}

const pooled = new WeakMap<BrowserContext, Pooled>();
/** Idle contexts, oldest first. */
let idle: BrowserContext[] = [];

function keyOf(options: BrowserContextOptions | undefined): string {
  return JSON.stringify(options ?? {});
}

interface ListenerList {
  eventNames(): Array<string | symbol>;
  listeners(event: string | symbol): Listener[];
  removeListener(event: string | symbol, listener: Listener): unknown;
}

function listenersOf(context: BrowserContext): Map<string | symbol, Set<Listener>> {
  const emitter = context as unknown as ListenerList;
  return new Map(emitter.eventNames().map((event) => [event, new Set(emitter.listeners(event))]));
}

/** Makes `context` one the pool can take back: its close() returns it to the pool. */
function adopt(context: BrowserContext, key: string): void {
  const entry: Pooled = {
    key,
    inUse: true,
    changed: false,
    visited: new Set(),
    toClear: new Set(),
    initScripts: [],
    keeper: null,
    ownListeners: new Map(),
    reallyClose: context.close.bind(context),
  };
  pooled.set(context, entry);
  const mutable = context as unknown as Record<string, unknown>;
  const newCdpSession = context.newCDPSession.bind(context);
  for (const name of UNRESETTABLE) {
    const original = (context[name] as Listener).bind(context);
    mutable[name] = (...args: unknown[]) => {
      entry.changed = true;
      return original(...args);
    };
  }
  const clock = context.clock as unknown as Record<string, Listener>;
  for (const name of CLOCK_METHODS) {
    const original = clock[name].bind(context.clock);
    clock[name] = (...args: unknown[]) => {
      entry.changed = true;
      return original(...args);
    };
  }
  const addInitScript = context.addInitScript.bind(context);
  mutable.addInitScript = async (...args: Parameters<BrowserContext['addInitScript']>) => {
    const script = await addInitScript(...args);
    entry.initScripts.push(script);
    return script;
  };
  const newPage = context.newPage.bind(context);
  mutable.newPage = async () => {
    const page = await newPage();
    if (entry.toClear.size) {
      // Before the page loads anything: its first document must not find the last test's storage.
      const cdp = await newCdpSession(page);
      for (const origin of entry.toClear)
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: SITE_DATA });
      await cdp.detach();
      entry.toClear.clear();
    }
    return page;
  };
  const remember = (page: Page) =>
    page.on('framenavigated', (frame) => {
      const { origin } = new URL(frame.url());
      if (origin.startsWith('http')) entry.visited.add(origin);
    });
  context.on('page', remember);
  // The keeper is the pool's page, not the test's.
  const pages = context.pages.bind(context);
  mutable.pages = () => pages().filter((page) => page !== entry.keeper);
  mutable.close = () => giveBack(context);
  entry.ownListeners = listenersOf(context);
}

/**
 * Keeps a renderer process of the origin the test showed alive for the context's next test: with
 * --process-per-site (browser.ts) the next page of that origin joins it, and V8 finds the client's scripts
 * already compiled in that process (the home: 1.8 s of CPU instead of 2.8 s with the pool but a new process,
 * 3.1 s in a fresh context). The keeper shows a small API answer, no script, and replaces the last one.
 */
async function keepRendererWarm(context: BrowserContext, entry: Pooled, pages: Page[]): Promise<void> {
  const shown = pages.map((page) => page.url()).find((url) => url.startsWith('http'));
  const last = entry.keeper;
  if (!shown) return;
  entry.keeper = null;
  const keeper = await context.newPage();
  // A server that has stopped leaves nothing to keep warm: the context is still good without a keeper.
  const reached = await keeper.goto(`${new URL(shown).origin}/api/health`).then(
    () => true,
    () => false,
  );
  if (reached) entry.keeper = keeper;
  else await keeper.close();
  await last?.close();
}

/** Back to the pool, reset; closed for real when it cannot be reset or the pool is full. */
async function giveBack(context: BrowserContext): Promise<void> {
  const entry = pooled.get(context);
  if (!entry || !entry.inUse) return;
  entry.inUse = false;
  try {
    if (entry.changed) throw new Error('changed beyond reset');
    const emitter = context as unknown as ListenerList;
    for (const event of emitter.eventNames())
      for (const listener of emitter.listeners(event))
        if (!entry.ownListeners.get(event)?.has(listener)) emitter.removeListener(event, listener);
    await Promise.all(entry.initScripts.splice(0).map((script) => script.dispose().catch(() => undefined)));
    const pages = context.pages();
    await keepRendererWarm(context, entry, pages);
    await Promise.all(pages.map((page) => page.close()));
    await context.clearCookies();
    await context.clearPermissions();
    for (const origin of entry.visited) entry.toClear.add(origin);
    entry.visited.clear();
  } catch {
    pooled.delete(context);
    await entry.reallyClose().catch(() => undefined);
    return;
  }
  idle.push(context);
  const sameOptions = idle.filter((other) => pooled.get(other)?.key === entry.key);
  const evicted = [
    ...sameOptions.slice(0, Math.max(0, sameOptions.length - MAX_IDLE_PER_OPTIONS)),
    ...idle.slice(0, Math.max(0, idle.length - MAX_IDLE)),
  ];
  idle = idle.filter((other) => !evicted.includes(other));
  await Promise.all(evicted.map((other) => evict(other)));
}

async function evict(context: BrowserContext): Promise<void> {
  const entry = pooled.get(context);
  pooled.delete(context);
  await entry?.reallyClose().catch(() => undefined);
}

/** A context with these options: an idle one of the pool if there is one, else a new one. */
export async function takeContext(
  browser: Browser,
  options?: BrowserContextOptions,
): Promise<BrowserContext> {
  // E2E_CONTEXT_POOL=off: a new context for every test, to tell a fault of the pool from one of the app.
  if (process.env.E2E_CONTEXT_POOL === 'off') return browser.newContext(options);
  const key = keyOf(options);
  const at = idle.findIndex((context) => pooled.get(context)?.key === key && context.browser() === browser);
  if (at >= 0) {
    const [context] = idle.splice(at, 1);
    pooled.get(context)!.inUse = true;
    return context;
  }
  const context = await browser.newContext(options);
  adopt(context, key);
  return context;
}
