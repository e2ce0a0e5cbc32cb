import fs from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { takeContext } from './context-pool';

/** Debian's chromium, started the way this machine allows (no sandbox as root, no background traffic). */
function startChromium(extraArgs: string[]): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath))
    throw new Error(`${executablePath} is missing: apt-get install -y chromium`);
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      // Requests leaving the machine are refused by the browser's resolver: every host name but loopback's
      // resolves to nothing. (A route for every request would do it too, but then each request of every
      // page stops in Node and back, about a fifth of the CPU a sign-in and two pages take.)
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      // One renderer per site in a context: a test's page joins the process its context's last test left
      // on the server's origin (context-pool.ts), where the client's scripts are compiled already.
      '--process-per-site',
      ...extraArgs,
    ],
  });
}

let sharedChromium: Promise<Browser> | null = null;

/**
 * A browser for one test file. With switches of its own (`extraArgs`) it is a chromium of its own. Without,
 * it is a handle on the one chromium of the worker: the browser test files run one after another in one
 * worker (vitest.e2e.config.ts), and starting and stopping a chromium cost every file a second or two. The
 * handle's close() gives back the contexts opened through it (context-pool.ts), and leaves the chromium for
 * the next file; a context comes back with no cookies, storage or listeners of the last test, only its
 * HTTP cache, so no file sees another's state.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (extraArgs.length) return startChromium(extraArgs);
  let browser = await (sharedChromium ??= startChromium([]));
  if (!browser.isConnected()) browser = await (sharedChromium = startChromium([]));
  return fileHandle(browser);
}

/**
 * The shared chromium as one file sees it: its contexts come from the worker's pool (context-pool.ts:
 * reset, with the HTTP cache and compiled code of earlier tests), and close() gives back the contexts it
 * took.
 */
function fileHandle(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>();
  const own: Partial<Browser> = {
    newContext: async (options) => {
      const context = await takeContext(browser, options);
      contexts.add(context);
      return context;
    },
    newPage: async (options) => {
      const page = await browser.newPage(options);
      contexts.add(page.context());
      return page;
    },
    close: async () => {
      const taken = [...contexts];
      contexts.clear();
      await Promise.all(taken.map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(own, property)) return own[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export const USER_AGENTS = {
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  dingtalkPc:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 DingTalk(7.6.0) nw Channel/201200 language/zh-CN',
} as const;

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Makes the page's calls to `paths` (exact, any case) fail as a refused request does (a network error:
 * the XMLHttpRequest's error event, fetch's TypeError), before they leave the page. Not by a route: one
 * route puts every request of the context through Node (Playwright intercepts all of them and matches in
 * Node), about a fifth of the CPU a sign-in and two pages take.
 */
export async function refuseCalls(context: BrowserContext, paths: string[]): Promise<void> {
  await context.addInitScript((refused: string[]) => {
    const lower = refused.map((path) => path.toLowerCase());
    const matches = (url: string | URL) => {
      try {
        return lower.includes(new URL(String(url), window.location.href).pathname.toLowerCase());
      } catch {
        return false;
      }
    };
    const marked = new WeakSet<XMLHttpRequest>();
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      if (matches(args[1] as string)) marked.add(this);
      else marked.delete(this);
      return (open as (...all: unknown[]) => void).apply(this, args);
    };
    XMLHttpRequest.prototype.send = function (
      this: XMLHttpRequest,
      body?: Document | XMLHttpRequestBodyInit | null,
    ) {
      if (!marked.has(this)) return send.call(this, body);
      // What a refused connection does: the error event, then loadend, after the call returned.
      setTimeout(() => {
        this.dispatchEvent(new ProgressEvent('error'));
        this.dispatchEvent(new ProgressEvent('loadend'));
      });
    };
    const fetched = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
      matches(input instanceof Request ? input.url : input)
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fetched(input, init);
  }, paths);
}

/**
 * The account-security notice opens over the first page after every sign-in. Browser tests that are not
 * about it keep it shut by refusing its request, which the client takes like any failure to load it.
 */
export async function keepSecurityNoticeShut(context: BrowserContext): Promise<void> {
  await refuseCalls(context, ['/api/account/securityNotice']);
}

/**
 * The work table's one-time guided tour opens over a fresh account's home once its own settings load.
 * Browser tests that are not about the work table keep it shut by refusing that request (the home then
 * shows the products in the server's order).
 */
export async function keepWorkTableTourShut(context: BrowserContext): Promise<void> {
  await refuseCalls(context, ['/api/workTable/settings']);
}

/**
 * A fresh context (own cookies) and page; requests leaving the machine are refused (by the browser's
 * resolver, startChromium), and the account-security notice and the work table's tour stay shut unless
 * `securityNotice` or `workTable` asks for them.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions,
  _baseUrl: string,
  { securityNotice = false, workTable = false }: { securityNotice?: boolean; workTable?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  if (!securityNotice) await keepSecurityNoticeShut(context);
  if (!workTable) await keepWorkTableTourShut(context);
  return context.newPage();
}

/** Saves a screenshot under test-results/ for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/**
 * Picks an item of the desktop user dropdown. The dropdown animates open and shut, and a click on its
 * trigger while the last choice is still closing it would toggle it again, so wait for it to be gone first.
 */
export async function chooseFromUserMenu(page: Page, itemTestId: string): Promise<void> {
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').first().waitFor({ state: 'hidden' });
  const item = page.getByTestId(itemTestId);
  await clickUntil(page.getByTestId('user-menu'), () => item.isVisible());
  // On a busy machine a click on an item still zooming in can miss it (seen as a language that stayed).
  await animationsDone(page);
  await item.click();
}

/**
 * Waits until nothing on the page is moving (antd's boxes and menus zoom and fade in and out); endless
 * animations, such as a spinner's, do not count.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (running) => running.playState !== 'running' || running.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Clicks `target` until `done` holds (at most `attempts` clicks, `done` polled for a few seconds after
 * each). For an antd control that opens with an animation (a modal's radio, a select's option): on a busy
 * machine a click can land before the control takes it, and the test would otherwise wait for nothing.
 * Only for clicks that are harmless to repeat once they have worked (`done` is checked first).
 */
export async function clickUntil(target: Locator, done: () => Promise<boolean>, attempts = 4): Promise<void> {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    if (await done()) return;
    await target.click();
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`clicking ${target.toString()} ${attempts} times did not do what was expected`);
}
