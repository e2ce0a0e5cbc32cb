import fs from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { catalogue as enCatalogue } from '../../domain/i18n/en-US';
import { catalogue as zhCatalogue } from '../../domain/i18n/zh-CN';
import { helpDocPath } from '../../domain/rules/help-docs';
import { PATHS, routeMeta } from '../../src/pages/paths';
import { routedPages } from '../../src/pages/route-table';
import {
  SYSTEM_SETTING_TAB_PARAM,
  SYSTEM_SETTING_TABS,
} from '../../src/pages/system-settings/use-system-settings-tabs';
import type { ServerProcess } from '../helpers/server-process';
import { QUIET_FRAMES, quietForFrames } from './page-settled';
import { startTestServer } from './test-server';
import { chooseFromUserMenu, launchBrowser, openPage, USER_AGENTS, VIEWPORTS } from './browser';

/**
 * Issue #11's quality bar: every page, at desktop and phone sizes, in both languages, shows no overlapping,
 * clipped or untranslated text, no sideways scrolling, and no error. The pages come from the app's own
 * route table, so a new page is walked without touching this file; the few that need a parameter or a
 * special session are named below. Screenshots land in test-results/page-walk/ for people to look at.
 */

const SHOTS = 'test-results/page-walk';
const MODULES = { reset: true, register: true, appDownload: true } as const;
type Language = 'zh-CN' | 'en-US';
type Size = 'desktop' | 'phone';

const CONTEXTS: Record<Size, BrowserContextOptions> = {
  desktop: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome },
  phone: { viewport: VIEWPORTS.phone, userAgent: USER_AGENTS.iphoneSafari, isMobile: true, hasTouch: true },
};

/**
 * Routes the walk does not open by their table path: the layout's index (it redirects to its first page),
 * the security verification (it needs the challenge of a sign-in; secondary-verification.test.ts walks it)
 * the lock (walked last as the member, as opening it locks the session), the SSO sign-in (it leaves for the
 * identity provider; sso.test.ts walks it and its error page) and the SSO logout (it ends the session).
 */
const NOT_BY_PATH: ReadonlySet<string> = new Set([
  PATHS.layout,
  PATHS.mobileVerify,
  PATHS.lock,
  PATHS.sso,
  PATHS.ssoLogout,
]);

/** The user data of the demo organisation (server/db/seed.ts) and language names, which stay Chinese. */
const CHINESE_DATA = ['林晓', '王晨', '赵敏', '研发中心', '简体中文', '中文'];

/** antd's and antd-mobile's own English words: in zh-CN they mean a component lost its locale. */
const COMPONENT_ENGLISH = new Set([
  'No data',
  'No Data',
  'OK',
  'Cancel',
  'Confirm',
  'Search',
  'Reset',
  'Select date',
  'Select time',
  'Today',
  'Now',
  'Expand',
  'Collapse',
  'Loading',
  'Loading...',
  'Previous Page',
  'Next Page',
  'Go to',
  'Page',
  'Close',
]);

/** Every string of a catalogue, flattened. */
function messages(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const value of Object.values(node)) messages(value, out);
  return out;
}

const NAMESPACES = Object.keys(enCatalogue);
const zhMessages = new Set(messages(zhCatalogue).map((text) => text.trim()));
/** English UI labels that have a Chinese counterpart: in zh-CN, one of them showing means it was missed. */
const ENGLISH_ONLY = new Set(
  messages(enCatalogue)
    .map((text) => text.trim())
    .filter((text) => !text.includes('{{') && /[a-z]{2}/.test(text) && !zhMessages.has(text)),
);
const KEY_WHOLE = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+)+$/;
const KEY_INSIDE = new RegExp(`(?<![@\\w./-])(?:${NAMESPACES.join('|')})\\.[a-zA-Z]\\w*(?:\\.\\w+)*`);
/** A dotted word that is a host name or a file name rather than a catalogue key. */
const NOT_A_KEY = /\.(com|cn|net|org|test|example|xlsx|xls|csv|png|jpe?g|pdf|md|txt|html?|js)$/i;
const CHINESE = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]/;

/** One visible text node, as the page draws it. */
interface TextSeen {
  text: string;
  where: string;
}

/** What one page's look-over found in the browser. */
interface Inspection {
  texts: TextSeen[];
  overflow: { scrollWidth: number; clientWidth: number };
  clipped: string[];
  overlaps: string[];
  outside: string[];
}

/**
 * Runs in the page: the visible text nodes (and input placeholders), sideways overflow, text cut by an
 * overflow-hidden box that is not an intended ellipsis, text drawn over other text, and text that leaves
 * the window.
 */
function inspectPage(): Inspection {
  const OVERLAYS =
    '.ant-tour, .ant-popover, .ant-tooltip, .ant-dropdown, .ant-select-dropdown, .ant-picker-dropdown, .ant-modal-wrap, .ant-drawer, .ant-message, .ant-notification, .adm-popup, .adm-mask, .adm-toast-wrap, .adm-dialog, .adm-modal, .adm-action-sheet, .account-notices, [data-overlay]';
  const ELLIPSIS =
    /ellipsis|ant-select-selection-item|ant-select-selection-placeholder|ant-menu-title-content|ant-tabs-tab-btn|adm-ellipsis|ant-typography-single-line|ant-upload-list-item-name/;
  const describe = (element: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = element; node && node !== document.body && parts.length < 3;) {
      const id = node.getAttribute('data-testid');
      const cls = typeof node.className === 'string' ? node.className.split(/\s+/)[0] : '';
      parts.unshift(id ? `[${id}]` : `${node.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`);
      node = node.parentElement;
    }
    return parts.join(' > ');
  };
  const visible = (element: Element) =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
    !element.closest('[aria-hidden="true"]');
  const width = document.documentElement.clientWidth;

  const texts: TextSeen[] = [];
  const clipped: string[] = [];
  const outside: string[] = [];
  const boxes: Array<{
    rect: DOMRect;
    element: Element;
    text: string;
    overlay: boolean;
    pinned: Element | null;
  }> = [];
  /** The nearest box that stays put while the page scrolls (a fixed header or footer), if any. */
  const pinnedOf = (element: Element): Element | null => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed' || position === 'sticky') return node;
    }
    return null;
  };
  const checkedClip = new Set<Element>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    const element = node.parentElement;
    if (!text || !element || element.closest('script, style, noscript, svg title') || !visible(element))
      continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5 && rect.height > 0.5);
    if (rects.length === 0) continue;
    texts.push({ text, where: describe(element) });
    const overlay = element.closest(OVERLAYS) !== null;
    const pinned = pinnedOf(element);
    for (const rect of rects) boxes.push({ rect, element, text, overlay, pinned });

    // Cut by its own box or the nearest box that hides overflow, unless an ellipsis is meant.
    for (let box: Element | null = element, depth = 0; box && depth < 4; box = box.parentElement, depth++) {
      const style = getComputedStyle(box);
      const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (!hidesX && !hidesY) continue;
      if (checkedClip.has(box)) break;
      checkedClip.add(box);
      const intended =
        style.textOverflow === 'ellipsis' ||
        style.webkitLineClamp !== 'none' ||
        ELLIPSIS.test(typeof box.className === 'string' ? box.className : '') ||
        box.closest('[title]') !== null ||
        box.closest('.ant-select-selector, .ant-input-number, .ant-picker-input, .adm-input') !== null;
      const html = box as HTMLElement;
      const cutX = hidesX && html.scrollWidth > html.clientWidth + 1;
      const cutY = hidesY && html.scrollHeight > html.clientHeight + 2 && html.clientHeight > 0;
      if ((cutX || cutY) && !intended) {
        // Only when the text itself lies past the box's edge (a hidden scrollbar gutter is no cut).
        const edge = box.getBoundingClientRect();
        const past = rects.some(
          (rect) =>
            (cutX && (rect.right > edge.right + 1 || rect.left < edge.left - 1)) ||
            (cutY && (rect.bottom > edge.bottom + 2 || rect.top < edge.top - 2)),
        );
        if (past) clipped.push(`"${text.slice(0, 60)}" cut by ${describe(box)}`);
      }
      break;
    }

    // Text that leaves the window sideways (unless it sits in a box that scrolls sideways on purpose).
    if (rects.some((rect) => rect.right > width + 1 || rect.left < -1)) {
      let scrolls = false;
      for (let box: Element | null = element; box; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') scrolls = true;
      }
      if (!scrolls && !overlay) outside.push(`"${text.slice(0, 60)}" at ${describe(element)}`);
    }
  }
  for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[placeholder], textarea[placeholder]',
  )) {
    if (input.placeholder && !input.value && visible(input))
      texts.push({ text: input.placeholder.trim(), where: `${describe(input)} placeholder` });
  }

  // Text over text: two text boxes of different elements that share more than a sliver, outside overlays
  // (popups, dialogs and tours cover the page on purpose).
  const overlaps: string[] = [];
  const flat = boxes.filter((box) => !box.overlay);
  for (let i = 0; i < flat.length; i++) {
    for (let j = i + 1; j < flat.length; j++) {
      const a = flat[i];
      const b = flat[j];
      // Content scrolls under a fixed header or footer by design: only text of the same layer counts.
      if (a.element === b.element || a.pinned !== b.pinned) continue;
      const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (x <= 2 || y <= 2) continue;
      const smaller = Math.min(a.rect.width * a.rect.height, b.rect.width * b.rect.height);
      if (x * y < smaller * 0.25) continue;
      overlaps.push(
        `"${a.text.slice(0, 40)}" (${describe(a.element)}) over "${b.text.slice(0, 40)}" (${describe(b.element)})`,
      );
    }
  }
  return {
    texts,
    overflow: {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    },
    clipped: [...new Set(clipped)],
    overlaps: [...new Set(overlaps)].slice(0, 10),
    outside: [...new Set(outside)].slice(0, 10),
  };
}

/** The problems of one page's text in one language. */
function textProblems(texts: TextSeen[], language: Language): string[] {
  const found: string[] = [];
  for (const { text, where } of texts) {
    if (/\{\{\s*\w+\s*\}\}/.test(text)) found.push(`unfilled placeholder "${text}" at ${where}`);
    else if (
      (KEY_WHOLE.test(text) && (NAMESPACES.includes(text.split('.')[0]) || !NOT_A_KEY.test(text))) ||
      KEY_INSIDE.test(text)
    )
      found.push(`catalogue key "${text}" at ${where}`);
    if (language === 'en-US') {
      const rest = CHINESE_DATA.reduce((left, data) => left.split(data).join(''), text);
      if (CHINESE.test(rest)) found.push(`Chinese in en-US: "${text.slice(0, 60)}" at ${where}`);
    } else if (ENGLISH_ONLY.has(text) || COMPONENT_ENGLISH.has(text)) {
      found.push(`English in zh-CN: "${text}" at ${where}`);
    }
  }
  return [...new Set(found)];
}

/** What shows that a page is still loading: spinners, skeletons, progress bars, a button at work. */
const LOADING =
  '[role="progressbar"], .ant-spin-spinning, .adm-spin-loading, .ant-skeleton-active, .adm-skeleton-animated, .ant-btn-loading';
/** How long a page may go on changing before the walk looks at it anyway (a page that polls, say). */
const SETTLE_LIMIT_MS = 15_000;

/** What goes wrong while a page loads: console errors, page errors, failed requests. */
class Watch {
  private inflight = 0;
  /** Requests started so far: one started while the page looked quiet means it was not settled yet. */
  private started = 0;
  private rounds = 0;
  private idle: Array<() => void> = [];
  events: string[] = [];

  constructor(private page: Page) {
    page.on('request', () => {
      this.inflight++;
      this.started++;
    });
    page.on('requestfinished', () => this.ended());
    page.on('requestfailed', (request) => {
      this.ended();
      const url = new URL(request.url());
      // The account-security notice and the work table's tour are refused on purpose (browser.ts).
      if (/\/api\/(account\/securityNotice|workTable\/settings)$/i.test(url.pathname)) return;
      // A page left before its request ended (the walk moves on from a settled page only, but a poll may run).
      if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
      this.events.push(
        `request failed: ${request.method()} ${url.pathname} (${request.failure()?.errorText})`,
      );
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.status() >= 400 && url.origin === new URL(page.url()).origin)
        this.events.push(`${response.status()} from ${response.request().method()} ${url.pathname}`);
    });
    page.on('pageerror', (error) => this.events.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // a refused or failed request logs itself; the checks above judge those
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        this.events.push(`console error: ${message.text().slice(0, 200)}`);
    });
  }

  private ended(): void {
    this.inflight--;
    if (this.inflight > 0) return;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Resolves when no request is open (at once if none is). */
  private noRequestOpen(): Promise<void> {
    return this.inflight > 0 ? new Promise((resolve) => this.idle.push(resolve)) : Promise.resolve();
  }

  /**
   * Waits until the page has settled: no request open, and then a few frames in a row with no change to
   * its document, no entrance animation running and no spinner, during which no request started (a page
   * often asks for its next data from an effect that runs only after the frame showing the last answer).
   * At most SETTLE_LIMIT_MS: a page still changing then is looked at as it is, and its problems reported.
   */
  async settle(): Promise<void> {
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    while (Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), deadline - Date.now());
      });
      try {
        if ((await Promise.race([this.noRequestOpen(), limit])) === 'late') return;
      } finally {
        clearTimeout(timer);
      }
      const startedBefore = this.started;
      this.rounds += 1;
      const quiet = await this.page
        .waitForFunction(
          quietForFrames,
          { frames: QUIET_FRAMES, round: this.rounds, loading: LOADING },
          { polling: 'raf', timeout: Math.max(1, deadline - Date.now()) },
        )
        .then(
          () => true,
          () => false, // out of time, or the page navigated meanwhile: the loop decides
        );
      if (quiet && this.inflight === 0 && this.started === startedBefore) return;
    }
  }

  /** The events since the last call. */
  take(): string[] {
    const taken = this.events;
    this.events = [];
    return taken;
  }
}

/** One stop of the walk: a path, who opens it, and the name its screenshot gets. */
interface Stop {
  path: string;
  name: string;
  as: 'public' | 'member' | 'admin';
}

/** The stops of one shell, from the route table: public, then member's, then administrator's. */
function stops(size: Size, memberCodes: Set<string>, adminCodes: Set<string>): Stop[] {
  const list: Stop[] = [];
  const seen = new Set<string>();
  for (const { path, page, desktopOnly } of routedPages()) {
    if (NOT_BY_PATH.has(path) || (desktopOnly && size === 'phone')) continue;
    let concrete = path;
    if (path.includes(':')) {
      // Help documents: one route per product; the member's first licensed product's default document.
      if (seen.has(page)) continue;
      concrete = helpDocPath('ELN');
    }
    const meta = routeMeta(concrete, MODULES);
    seen.add(page);
    const name = `${page}${path === concrete ? path.replace(/\//g, '-') : '-eln'}`;
    if (!meta || !meta.needsLogin) list.push({ path: concrete, name, as: 'public' });
    else if (!meta.menuCode || memberCodes.has(meta.menuCode))
      list.push({ path: concrete, name, as: 'member' });
    else if (adminCodes.has(meta.menuCode)) {
      list.push({ path: concrete, name, as: 'admin' });
      // Desktop System settings: each tab is its own screen, named in the query (the phone has one page).
      if (path === PATHS.systemSetting && size === 'desktop')
        for (const tab of SYSTEM_SETTING_TABS.slice(1))
          list.push({
            path: `${path}?${SYSTEM_SETTING_TAB_PARAM}=${tab}`,
            name: `${name}-${tab}`,
            as: 'admin',
          });
    }
  }
  list.push({ path: PATHS.notFound, name: 'notFound-404', as: 'public' });
  list.push({ path: '/no-such-page', name: 'notFound-unknown', as: 'public' });
  return list;
}

/** The menu codes a menu tree answer authorises, wherever they sit in it. */
function authorisedCodes(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) authorisedCodes(item, out);
  else if (node && typeof node === 'object') {
    const item = node as Record<string, unknown>;
    if (typeof item.Code === 'string' && item.HasAuth === true) out.add(item.Code);
    for (const value of Object.values(item)) if (typeof value === 'object') authorisedCodes(value, out);
  }
  return out;
}

describe.concurrent('page walk: every page at desktop and phone sizes in both languages', () => {
  let browser: Browser;
  /** One server per size and language (each with its own demo organisation), so the walks run side by side. */
  const servers = new Map<string, ServerProcess>();
  const walked = new Set<string>();
  const combos = (['desktop', 'phone'] as const).flatMap((size) =>
    (['zh-CN', 'en-US'] as const).map((language) => ({ size, language })),
  );

  beforeAll(async () => {
    fs.rmSync(SHOTS, { recursive: true, force: true });
    fs.mkdirSync(SHOTS, { recursive: true });
    const started = await Promise.all([
      launchBrowser(),
      ...combos.map(() =>
        startTestServer({ env: { MODULE_APP_DOWNLOAD: 'true', SMTP_URL: '', SMS_WEBHOOK_URL: '' } }),
      ),
    ]);
    browser = started[0] as Browser;
    combos.forEach(({ size, language }, i) =>
      servers.set(`${size} ${language}`, started[i + 1] as ServerProcess),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([...servers.values()].map((server) => server.stop()));
    // The figures for the report: how many page × size stops were walked (each in both languages).
    console.log(`page walk: ${walked.size} page × size stops\n${[...walked].sort().join('\n')}`);
  });

  it('catches what it looks for: a key, a placeholder, wrong-language text, cut and overlapping text', async ({
    expect,
  }) => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    await page.setContent(`<body style="margin:0;font:14px sans-serif">
      <p>common.notThere</p><p>Hello {{name}}</p><p>保存</p><p>Save</p>
      <div style="width:60px;overflow:hidden;white-space:nowrap">A label far too long for its box</div>
      <div style="position:relative;height:20px"><span>First words</span>
        <span style="position:absolute;left:0;top:0">Second words</span></div>
      <div style="width:600px">wide</div></body>`);
    const seen = await page.evaluate(inspectPage);
    await page.close();
    expect(textProblems(seen.texts, 'en-US')).toEqual([
      'catalogue key "common.notThere" at p',
      'unfilled placeholder "Hello {{name}}" at p',
      'Chinese in en-US: "保存" at p',
    ]);
    expect(textProblems(seen.texts, 'zh-CN')).toContain('English in zh-CN: "Save" at p');
    expect(seen.clipped).toEqual(['"A label far too long for its box" cut by div']);
    expect(seen.overlaps).toHaveLength(1);
    expect(seen.overflow.scrollWidth).toBeGreaterThan(seen.overflow.clientWidth);
  });

  it.for(combos)(
    '$size in $language: no untranslated, clipped or overlapping text, no sideways scroll, no error',
    { timeout: 300_000 },
    async ({ size, language }, { expect }) => {
      const server = servers.get(`${size} ${language}`)!;
      const page = await openPage(browser, { ...CONTEXTS[size], locale: language }, server.url);
      await page.context().addInitScript((lang) => localStorage.setItem('uc.language', lang), language);
      const watch = new Watch(page);
      const problems: string[] = [];

      /** Looks the page over as it is now; `shot` names its screenshot. */
      async function examine(where: string, shot: string): Promise<void> {
        // From the top, as the page opens (a fixed header then sits over its own place in the screenshot)
        await page.evaluate(() => window.scrollTo(0, 0));
        // and with the pointer off anything it could highlight (the last click's hover otherwise shows)
        if (size === 'desktop') await page.mouse.move(VIEWPORTS.desktop.width - 2, 60);
        const seen = await page.evaluate(inspectPage);
        const found = [
          ...textProblems(seen.texts, language),
          ...seen.clipped.map((text) => `clipped ${text}`),
          ...seen.overlaps.map((text) => `overlap ${text}`),
          ...seen.outside.map((text) => `leaves the window ${text}`),
          ...watch.take(),
        ];
        if (seen.overflow.scrollWidth > seen.overflow.clientWidth + 1)
          found.push(`scrolls sideways: ${seen.overflow.scrollWidth} > ${seen.overflow.clientWidth}`);
        if (seen.texts.length === 0) found.push('shows no text');
        problems.push(...found.map((text) => `${where}: ${text}`));
        await page.screenshot({ path: `${SHOTS}/${size}-${language}-${shot}.png`, fullPage: true });
      }

      async function look(stop: Stop): Promise<void> {
        const where = `${stop.as} ${stop.path}`;
        await page.goto(`${server.url}/#${stop.path}`);
        await watch.settle();
        const hash = new URL(page.url()).hash.replace(/^#/, '');
        if (hash !== stop.path) problems.push(`${where}: ended on ${hash}`);
        await examine(where, `${stop.as}-${stop.name}`);
        walked.add(`${size} ${stop.as} ${stop.path}`);
        // the personal centre's one-time tour bubble: looked at once, then shut for the rest of the walk
        const tour = page.getByTestId('tour-close');
        if (await tour.isVisible()) {
          await tour.click();
          await watch.settle();
          problems.push(...watch.take().map((text) => `${where}: closing the tour: ${text}`));
        }
        // The page's other tabs (System settings' tabs have their own stops, by the query).
        if (stop.path.startsWith(PATHS.systemSetting)) return;
        const tabs = page.locator('.ant-tabs-tab, .adm-tabs-tab');
        const active = await tabs.evaluateAll((all) =>
          all.findIndex((tab) => /-tabs-tab-active/.test(tab.className)),
        );
        const count = await tabs.count();
        for (let i = 0; i < count; i++) {
          if (i === active) continue;
          const tab = tabs.nth(i);
          const label = (await tab.innerText()).trim();
          await tab.click();
          await watch.settle();
          await examine(`${where} tab ${label}`, `${stop.as}-${stop.name}-tab${i + 1}`);
          walked.add(`${size} ${stop.as} ${stop.path} tab ${i + 1}`);
        }
      }

      /** Signs in on the login page, in this walk's language; answers the menu codes the account has. */
      async function signIn(who: { account: string; password: string }): Promise<Set<string>> {
        await page.goto(`${server.url}/#/login`);
        await page.getByTestId('login-account').fill(who.account);
        await page.getByTestId('login-password').fill(who.password);
        await page.getByTestId('login-agree').check();
        await page.getByTestId('login-submit').click();
        await page.getByTestId('my-apps').waitFor();
        await watch.settle();
        if ((await page.evaluate(() => document.documentElement.lang)) !== language) {
          if (size === 'desktop') await chooseFromUserMenu(page, `menu-lang-${language}`);
          else {
            await page.getByTestId('user-menu').click();
            await page.getByTestId(`menu-lang-${language}`).click();
          }
          await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
          await watch.settle();
        }
        watch.take();
        const tree = await page.request.get(`${server.url}/api/Menu/user/tree`);
        return authorisedCodes(await tree.json());
      }

      // Signed out: every public page.
      for (const stop of stops(size, new Set(), new Set()).filter((s) => s.as === 'public')) await look(stop);

      // The member: every page of the personal centre and the signed-in pages, then the lock screen.
      const memberCodes = await signIn(server.members[0]);
      for (const stop of stops(size, memberCodes, new Set()).filter((s) => s.as === 'member'))
        await look(stop);
      await look({ path: PATHS.lock, name: 'lock', as: 'member' });
      await page.getByTestId('lock-sign-out').click();
      await page.waitForFunction(() => window.location.hash === '#/login');

      // The administrator: the organisation's pages the member does not have.
      const adminCodes = await signIn(server.admin);
      for (const stop of stops(size, memberCodes, adminCodes).filter((s) => s.as === 'admin'))
        await look(stop);

      await page.context().close();
      expect(problems).toEqual([]);
    },
  );
});
