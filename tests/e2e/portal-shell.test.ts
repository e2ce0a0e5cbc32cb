import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';

const ALL_PRODUCTS = 'ELN,CIMS,LIMS,PM,IM,STABILITY,MOLSIM,SDH';
const PASSWORD = 'Portal#Shell-2026-kestrel';

/** How many products each width shows before More (SPEC §9), with 8 authorised products. */
const EXPECTED = {
  'zh-CN': { 1280: 7, 1440: 8, 1920: 8 },
  'en-US': { 1280: 4, 1440: 5, 1920: 8 },
} as const;
const WIDTHS = [1280, 1440, 1920] as const;
/** How long a poll waits for a page or a language to load: long, as the machine may be busy. */
const LOADED = { timeout: 15000 } as const;

/** The products the header shows, and whether More is there. */
async function headerProducts(page: Page): Promise<{ shown: string[]; more: boolean }> {
  const header = page.locator('header');
  await header.getByTestId('header-products').waitFor();
  const shown = await header
    .locator('[data-testid^="header-product-"]:not([data-testid="header-product-more"])')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')?.slice(15) ?? ''));
  return { shown, more: (await header.getByTestId('header-product-more').count()) === 1 };
}

/**
 * Nothing in the header overlaps or is cut: its direct parts sit side by side within the window, and
 * every text in it is as wide as it needs to be.
 */
async function expectHeaderFits(page: Page): Promise<void> {
  const problems = await page
    .locator('header')
    .first()
    .evaluate((header) => {
      const found: string[] = [];
      const boxes = [
        ...header.querySelectorAll(
          '.brand, .classic-badge, .new-header-nav a, .product-menu > li, .user-trigger',
        ),
      ]
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0);
      for (const [i, a] of boxes.entries()) {
        if (a.box.right > window.innerWidth + 0.5) found.push(`${a.element.textContent} leaves the window`);
        for (const b of boxes.slice(i + 1)) {
          if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
          const apart =
            a.box.right <= b.box.left + 0.5 ||
            b.box.right <= a.box.left + 0.5 ||
            a.box.bottom <= b.box.top + 0.5 ||
            b.box.bottom <= a.box.top + 0.5;
          if (!apart) found.push(`${a.element.textContent} overlaps ${b.element.textContent}`);
        }
      }
      for (const element of header.querySelectorAll<HTMLElement>('span, a')) {
        if (element.offsetWidth > 0 && element.scrollWidth > element.clientWidth + 1)
          found.push(`${element.textContent} is clipped`);
      }
      return found;
    });
  expect(problems).toEqual([]);
}

/** The work table's own guided tour masks the card home until it is closed: close it if it is up. */
async function closeWorkTableTour(page: Page): Promise<void> {
  const close = page.locator('.work-table-tour .ant-tour-close');
  await close.waitFor({ timeout: 5000 }).then(
    () => close.click(),
    () => undefined,
  );
  await close.waitFor({ state: 'hidden' });
}

describe('portal shell on desktop: the product menu of the headers', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  const account = 'portal-shell@portal.test';

  async function cli(...args: string[]): Promise<string> {
    return operatorCli(server.dataDir)(...args);
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { MODULE_APP_DOWNLOAD: 'true' } });
    await cli(
      'org:create',
      '--name',
      'Portal shell lab',
      '--admin',
      account,
      '--admin-name',
      '周 Portal',
      '--password',
      PASSWORD,
      '--products',
      ALL_PRODUCTS,
    );
    browser = await launchBrowser();
    page = await openPage(
      browser,
      { viewport: { width: 1280, height: 800 }, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      server.url,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in to the card home with every product authorised', async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('my-apps').waitFor();
    expect(await page.getByTestId('my-apps').locator('[data-testid^="product-card-"]').count()).toBe(8);
    await closeWorkTableTour(page);
  });

  it('shows the one-step tour on the personal centre of the new header until it is closed, for good', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/#/layout/info`);
    await page.getByTestId('tour-personal-center').waitFor();
    expect(await page.getByTestId('tour-personal-center').innerText()).toContain('个人中心');
    await screenshot(page, 'portal-tour-zh-CN');
    const guided = page.waitForRequest((request) =>
      /\/api\/Account\/SetGuided\/PersonalCenter$/i.test(request.url()),
    );
    await page.getByTestId('tour-close').click();
    await guided;
    await page.getByTestId('tour-personal-center').waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('basic-info').waitFor();
    await page.getByTestId('header-products').waitFor();
    expect(await page.getByTestId('tour-personal-center').count()).toBe(0);
  });

  it('offers app downloads and help documents per authorised product in the user menu; the portrait leads to the personal centre', async () => {
    await page.goto(`${server.url}/#/cardModeIndex`);
    await page.getByTestId('my-apps').waitFor();
    await closeWorkTableTour(page);
    await chooseFromUserMenu(page, 'menu-app-downloads');
    const apps = page.locator('[data-testid^="menu-app-"]:not([data-testid="menu-app-downloads"])');
    await apps.first().waitFor();
    expect(await apps.evaluateAll((items) => items.map((item) => item.textContent))).toEqual([
      '化学品库存管理',
      '电子实验记录本',
      '项目管理',
      '物料管理',
      '仪器管理',
    ]);
    await screenshot(page, 'portal-user-menu-apps-zh-CN');
    await page.getByTestId('menu-app-cims').click();
    await page.locator('[data-page="appCims"] h1').waitFor();
    expect(new URL(page.url()).hash).toBe('#/app/cims');
    await page.getByTestId('app-download').locator('svg').waitFor();
    await screenshot(page, 'portal-app-cims-desktop-zh-CN');

    await page.goto(`${server.url}/#/cardModeIndex`);
    await page.getByTestId('my-apps').waitFor();
    await closeWorkTableTour(page);
    await chooseFromUserMenu(page, 'menu-help-docs');
    const help = page.locator('[data-testid^="menu-help-"]:not([data-testid="menu-help-docs"])');
    await help.first().waitFor();
    expect(await help.count()).toBe(8);
    await page.getByTestId('menu-help-ELN').click();
    await page.locator('[data-testid="help-doc-page"][data-status="ready"]').waitFor();
    expect(new URL(page.url()).hash).toBe('#/eln/guide/start');
    expect(await page.locator('h1').innerText()).toContain('电子实验记录本');
    await screenshot(page, 'portal-help-eln-zh-CN');

    await page.getByTestId('help-doc-link-PM').click();
    await page.getByTestId('help-doc-missing').waitFor();
    expect(await page.getByTestId('help-doc-missing').innerText()).toContain('暂无帮助文档');
    await screenshot(page, 'portal-help-missing-zh-CN');

    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').first().waitFor({ state: 'hidden' });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-portrait').click();
    await expect.poll(() => new URL(page.url()).hash, LOADED).toBe('#/layout/info');
  });

  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`shows as many products before More as the width allows in ${language}, on each header`, async () => {
      if (language === 'en-US') {
        await chooseFromUserMenu(page, 'menu-lang-en-US');
        await expect
          .poll(() => page.getByTestId('user-menu').getAttribute('aria-label'), LOADED)
          .toBe('User menu');
      }
      const headers = [
        ['card', '/cardModeIndex'],
        ['new', '/layout/info'],
      ] as const;
      for (const [name, path] of headers) {
        await page.goto(`${server.url}/#${path}`);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          const expected = EXPECTED[language][width];
          await expect.poll(async () => (await headerProducts(page)).shown.length, LOADED).toBe(expected);
          expect((await headerProducts(page)).more).toBe(expected < 8);
          await expectHeaderFits(page);
          await screenshot(page, `portal-header-${name}-${width}-${language}`);
        }
      }
      // More holds the rest, in order
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('header-product-more').click();
      const more = page.locator('[data-testid^="header-more-product-"]');
      await more.first().waitFor();
      expect(await more.count()).toBe(8 - EXPECTED[language][1280]);
      // the window only: a full-page capture resizes the page, which shuts the popup
      await page.screenshot({ path: `test-results/portal-header-more-${language}.png` });
      await page.getByTestId('header-product-more').click();
      await more.first().waitFor({ state: 'hidden' });
    });
  }

  it('shows the product menu on the old header of the nostalgia UI too, in both languages', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/#/layout/info`);
    await chooseFromUserMenu(page, 'menu-ui-toggle');
    await page
      .getByTestId('layout-nostalgia')
      .waitFor({ timeout: 15000 })
      .catch(async (error: unknown) => {
        await screenshot(page, 'portal-debug-toggle');
        throw error;
      });
    for (const language of ['en-US', 'zh-CN'] as const) {
      if (language === 'zh-CN') await chooseFromUserMenu(page, 'menu-lang-zh-CN');
      for (const width of [1280, 1440] as const) {
        await page.setViewportSize({ width, height: 800 });
        const expected = EXPECTED[language][width];
        await expect.poll(async () => (await headerProducts(page)).shown.length, LOADED).toBe(expected);
        expect((await headerProducts(page)).more).toBe(expected < 8);
        await expectHeaderFits(page);
        await screenshot(page, `portal-header-old-${width}-${language}`);
      }
    }
    await chooseFromUserMenu(page, 'menu-lang-en-US');
    await chooseFromUserMenu(page, 'menu-ui-toggle');
    await page.getByTestId('my-apps').waitFor();
  });

  it('shows a help document in English and a clear page for a product without one', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/#/cims/guide/start`);
    await page.locator('[data-testid="help-doc-page"][data-status="ready"]').waitFor();
    expect(await page.locator('h1').innerText()).toBe('Chemical Inventory: getting started');
    await screenshot(page, 'portal-help-cims-en-US');
    await page.goto(`${server.url}/#/sdh/guide/start`);
    await page.getByTestId('help-doc-missing').waitFor();
    expect(await page.getByTestId('help-doc-missing').innerText()).toContain('No help document yet');
    await page.goto(`${server.url}/#/nope/guide/start`);
    await expect.poll(() => page.locator('body').innerText(), LOADED).toMatch(/does not exist|不存在/);
  });
});

describe('portal shell: app download pages and product introductions, signed out', () => {
  let server: ServerProcess;
  let off: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, off, browser] = await Promise.all([
      startTestServer({ env: { MODULE_APP_DOWNLOAD: 'true' } }),
      startTestServer({ env: { MODULE_APP_DOWNLOAD: 'false' } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), off?.stop()]);
  });

  const PAGES = [
    ['/app', 'app'],
    ['/app/cims', 'appCims'],
    ['/app/edm', 'appEdm'],
    ['/app/pm', 'appPm'],
    ['/app/mm', 'appMm'],
    ['/app/im', 'appIm'],
    ['/cims', 'introCims'],
    ['/edm', 'introEdm'],
  ] as const;

  const shells = [
    {
      name: 'desktop',
      context: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
    },
    {
      name: 'phone',
      context: {
        viewport: VIEWPORTS.phone,
        userAgent: USER_AGENTS.iphoneSafari,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
      },
    },
  ] as const;

  for (const shell of shells) {
    it(`${shell.name}: every page in both languages, with the QR code of its download link`, async () => {
      const page = await openPage(browser, shell.context, server.url);
      for (const language of ['zh-CN', 'en-US'] as const) {
        for (const [path, name] of PAGES) {
          await page.goto(`${server.url}/#${path}`);
          if (path === '/app') await page.getByTestId(`header-lang-${language}`).click();
          const main = page.locator(`[data-page="${name}"] main`);
          // the text of the page's language: Chinese in zh-CN, none in en-US (the language buttons aside)
          await expect
            .poll(async () => /[\u4e00-\u9fff]{4}/.test(await main.innerText()), LOADED)
            .toBe(language === 'zh-CN');
          await main.locator('h1').waitFor();
          const qr = page.getByTestId('app-download').locator('svg');
          await qr.waitFor();
          expect(await qr.locator('title').textContent()).toMatch(/^https:\/\/download\.example\.com\//);
          const text = await page.locator('body').innerText();
          expect(text).not.toMatch(/\b(layout|documents|common)\.[a-zA-Z]+/);
          if (language === 'en-US') expect(text.replace('中文', '')).not.toMatch(/[\u4e00-\u9fff]/);
          const clipped = await page.evaluate(
            () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
          );
          expect(clipped, `${path} scrolls sideways`).toBe(false);
          if (name === 'app' || name === 'appCims' || name === 'introEdm')
            await screenshot(page, `portal-${shell.name}-${name}-${language}`);
        }
      }
      await page.context().close();
    });
  }

  it('answers 404 for the pages while the app-download module is off', async () => {
    const page = await openPage(browser, shells[0].context, off.url);
    for (const [path] of PAGES) {
      await page.goto(`${off.url}/#${path}`);
      await expect.poll(() => page.locator('body').innerText(), LOADED).toContain('您访问的页面不存在');
    }
    await page.context().close();
  });
});
