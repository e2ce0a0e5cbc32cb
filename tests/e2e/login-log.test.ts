import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const PASSWORD = 'Log#Book-2026-pass';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

const shells = [
  {
    name: 'desktop',
    context: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
    browserLabel: 'Chrome 156',
    notice: '.login-notice',
    signOut: (page: Page) => chooseFromUserMenu(page, 'menu-logout'),
    openLoginLog: async (page: Page) => {
      await chooseFromUserMenu(page, 'menu-personal-center');
      await page.getByRole('menuitem', { name: '登录日志', exact: true }).click();
    },
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
    browserLabel: 'Safari 18',
    notice: '.m-login-notice',
    signOut: async (page: Page) => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').click();
    },
    openLoginLog: async (page: Page) => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-login-log').click();
    },
  },
] as const;

describe.each(shells)('$name: login log and account-security notice', (shell) => {
  let browser: Browser;
  let page: Page;
  const account = `log-${shell.name}@login-log.test`;

  const signIn = async () => {
    await page.goto(`${url}/#/login`);
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('my-apps').waitFor();
  };
  /** The notice loads after the home: give it the time it would take, then say whether it is up. */
  const noticeShown = async () => {
    await page.waitForLoadState('networkidle');
    return page.getByTestId('security-notice').isVisible();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    await cli('org:create', '--name', `Login log ${shell.name}`, '--admin', account, '--password', PASSWORD);
    page = await openPage(browser, shell.context, url, { securityNotice: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the account-security notice after the first sign-in, and "I know" keeps it shut for the session', async () => {
    await signIn();
    await page.getByTestId('security-notice').waitFor();
    await expect
      .poll(() => page.getByTestId('security-notice-previous').textContent())
      .toContain('第一次登录');
    await screenshot(page, `${shell.name}-security-notice-first-zh`);
    await page.getByTestId('security-notice-ok').click();
    await page.getByTestId('security-notice').waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('my-apps').waitFor();
    expect(await noticeShown()).toBe(false);
  });

  it('lists the sign-in in the login log', async () => {
    await shell.openLoginLog(page);
    await page.getByTestId('login-log').waitFor();
    expect(new URL(page.url()).hash).toBe('#/layout/loginlog');
    const row = page.getByTestId('login-log-row-ok').first();
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(shell.browserLabel);
    expect(text).toContain('账号中心');
    expect(text).toContain('成功');
    await screenshot(page, `${shell.name}-login-log-zh`);
  });

  it('names the previous sign-in after a new one, and "don\'t remind me again" keeps it shut after the next', async () => {
    await shell.signOut(page);
    await page.getByTestId('login-submit').waitFor();
    await signIn();
    await page.getByTestId('security-notice').waitFor();
    await expect
      .poll(() => page.getByTestId('security-notice-previous').textContent())
      .toContain(shell.browserLabel);
    await page.getByTestId('security-notice-never').click();
    await page.getByTestId('security-notice').waitFor({ state: 'hidden' });
    await shell.signOut(page);
    await page.getByTestId('login-submit').waitFor();
    await signIn();
    expect(await noticeShown()).toBe(false);
  });

  it('says on the login page, once, that a session found gone after its 5-day end was the forced logout', async () => {
    // As after five days: the auto-login cookie has expired, the device still remembers the sign-in.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('uc.session') ?? '{}') as { ExpiredTime?: number };
      localStorage.setItem('uc.session', JSON.stringify({ ...stored, ExpiredTime: Date.now() - 1000 }));
    });
    await page.context().clearCookies();
    await page.reload();
    await page.getByTestId('login-submit').waitFor();
    await expect.poll(() => page.locator(shell.notice).textContent()).toContain('连续登录超过 5 天');
    await screenshot(page, `${shell.name}-forced-logout-notice-zh`);
    await page.reload();
    await page.getByTestId('login-submit').waitFor();
    expect(await page.locator(shell.notice).count()).toBe(0);
  });
});
