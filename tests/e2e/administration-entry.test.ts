import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { openSignedInPage } from './signed-in';
import { startTestServer } from './test-server';
import {
  animationsDone,
  chooseFromUserMenu,
  clickUntil,
  launchBrowser,
  screenshot,
  USER_AGENTS,
  VIEWPORTS,
} from './browser';
import { operatorCli } from './operator-cli';

const PASSWORD = 'Admin#Entry-2026-plover';
const ADMIN = 'admin@admin-entry.test';
const MEMBER = 'member@admin-entry.test';
const SECOND_ADMIN = 'second@admin-entry.test';
/** Off this machine on purpose: the test only watches the browser ask for it. */
const DRAW_TOOL_URL = 'https://draw.example.test/chem-draw-setup.exe';

const desktop = { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome };
const phone = {
  viewport: VIEWPORTS.phone,
  userAgent: USER_AGENTS.iphoneSafari,
  isMobile: true,
  hasTouch: true,
};

/** Issue 23: one way into the administration, and the drawing tool among the app downloads. */
describe('the way into the administration and the drawing-tool download', () => {
  let server: ServerProcess;
  let browser: Browser;

  async function cli(...args: string[]): Promise<string> {
    return operatorCli(server.dataDir)(...args);
  }

  /** A fresh page signed in already, on the card home (the entry is not about the sign-in). */
  async function openHome(options: BrowserContextOptions, account: string): Promise<Page> {
    const page = await openSignedInPage(browser, options, server.url, { account, password: PASSWORD });
    await page.goto(`${server.url}/#/cardModeIndex`);
    await page.getByTestId('my-apps').waitFor();
    return page;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { MODULE_APP_DOWNLOAD: 'true', DRAW_TOOL_URL } });
    await cli(
      'org:create',
      '--name',
      'Admin entry lab',
      '--admin',
      ADMIN,
      '--password',
      PASSWORD,
      '--products',
      'ELN,CIMS',
    );
    // An ordinary member with a password of their own: the administrator of a second organisation who hands
    // the role to a colleague (an added member's initial password would have to be changed first).
    const created = await cli(
      'org:create',
      '--name',
      'Member lab',
      '--admin',
      MEMBER,
      '--password',
      PASSWORD,
    );
    const orgId = /organisation (\d+) created/.exec(created)?.[1] ?? '';
    await cli('member:add', SECOND_ADMIN, '--org', orgId, '--name', 'Second admin');
    await cli('member:set-admin', SECOND_ADMIN);
    await cli('member:set-admin', MEMBER, '--revoke');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('desktop: the user menu leads an administrator in; the side menu names each page once', async () => {
    for (const [language, entry, signature] of [
      ['zh-CN', '管理后台', '电子签名'],
      ['en-US', 'Administration', 'Electronic signature'],
    ] as const) {
      const page = await openHome({ ...desktop, locale: language }, ADMIN);
      const entryItem = page.getByTestId('menu-administration');
      await clickUntil(page.getByTestId('user-menu'), () => entryItem.isVisible());
      await animationsDone(page);
      expect(await page.getByTestId('menu-administration').innerText()).toBe(entry);
      await screenshot(page, `administration-entry-desktop-${language}`);
      await page.getByTestId('menu-administration').click();
      await page.waitForURL(/#\/layout\/orgInfo$/);
      // The header's personal-centre tab is not marked on the administration's pages.
      expect(await page.getByTestId('nav-personal-center').getAttribute('aria-current')).toBeNull();
      const side = page.locator('.desktop-layout-side');
      await side.getByText(signature, { exact: true }).waitFor();
      expect(await side.getByText(signature, { exact: true }).count()).toBe(1);
      await page.goto(`${server.url}/#/layout/info`);
      await page.locator('[data-testid="nav-personal-center"][aria-current="page"]').waitFor();
      await page.context().close();
    }
  });

  it('desktop: a member has no way in; the drawing tool downloads from the App downloads submenu', async () => {
    const page = await openHome({ ...desktop, locale: 'en-US' }, MEMBER);
    await chooseFromUserMenu(page, 'menu-app-downloads');
    expect(await page.getByTestId('menu-administration').count()).toBe(0);
    const asked = page.waitForRequest((request) => request.url() === DRAW_TOOL_URL);
    await page.getByTestId('menu-app-draw').click();
    await asked;
    await page.context().close();
  });

  it("phone: the user sheet's Administration opens the phone's administration pages; it offers the drawing tool", async () => {
    const page = await openHome({ ...phone, locale: 'en-US' }, ADMIN);
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('menu-system-setting').count()).toBe(0);
    await page.getByTestId('menu-administration').click();
    await page.getByTestId('admin-sheet').waitFor();
    await screenshot(page, 'administration-entry-phone-en-US');
    await page.getByTestId('menu-system-setting').click();
    await page.waitForURL(/#\/layout\/systemSetting$/);

    await page.getByTestId('user-menu').click();
    const asked = page.waitForRequest((request) => request.url() === DRAW_TOOL_URL);
    await page.getByTestId('menu-app-draw').click();
    await asked;
    await page.context().close();
  });
});
