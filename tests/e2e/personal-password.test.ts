import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha, watchCaptchas } from './captcha';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

const FIRST_PASSWORD = 'Lantern orchard brisk 2026';
const NEXT_PASSWORD = 'Copper kettle violet 7731';

/**
 * Signs in. The browser files share one server, so by the time this file runs the address may have met the
 * failures that make the login page ask for the image captcha (README): then it is solved and sent again.
 */
async function signIn(page: Page, account: string, password: string): Promise<void> {
  const captchas = watchCaptchas(page);
  await page.goto(`${url}/#/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  const signedIn = /#\/(cardModeIndex|layout)/;
  await expect
    .poll(async () => signedIn.test(page.url()) || (await page.getByTestId('login-captcha').count()) > 0, {
      timeout: 20_000,
    })
    .toBe(true);
  if (!signedIn.test(page.url())) {
    await expect.poll(() => captchas.length).toBeGreaterThan(0);
    await page.getByTestId('login-captcha').fill(solveCaptcha(dataDir, captchas.at(-1)!));
    await page.getByTestId('login-submit').click();
  }
  await page.waitForURL(signedIn);
}

const shells = [
  {
    name: 'desktop',
    context: {
      viewport: VIEWPORTS.desktop,
      userAgent: USER_AGENTS.desktopChrome,
      locale: 'zh-CN',
    } satisfies BrowserContextOptions,
    /** The desktop's inputs are antd's (test ids on the input); the phone's antd-mobile's (ids). */
    field: (page: Page, id: string) => page.getByTestId(id),
    /** From the user dropdown's personal centre to the side menu's item. */
    open: async (page: Page) => {
      await chooseFromUserMenu(page, 'menu-personal-center');
      await page.locator('.desktop-layout-side').getByRole('menuitem', { name: '修改密码' }).click();
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
    } satisfies BrowserContextOptions,
    field: (page: Page, id: string) => page.locator(`#${id}`),
    /** The phone has no side menu: the user sheet offers the page. */
    open: async (page: Page) => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-password').click();
    },
  },
] as const;

/** Whether an element is on screen, whole, within the page's width (nothing clipped at the side). */
async function fullyShown(page: Page, testId: string): Promise<boolean> {
  const element = page.getByTestId(testId);
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.height > 0 && box.x >= 0 && box.x + box.width <= width;
}

/**
 * SPEC §2's personal-centre page /layout/password (menu code password), reached from the desktop's side menu
 * and the phone's user sheet: a wrong old password is refused where the member sees it, a right one changes
 * the password and the page stays, saying so; the new password then signs in.
 */
describe.each(shells)('$name: change password in the personal centre', (shell) => {
  let browser: Browser;
  let page: Page;
  const account = `pwpage-${shell.name}@pwpage.test`;

  beforeAll(async () => {
    browser = await launchBrowser();
    await cli(
      'org:create',
      '--name',
      `Password page ${shell.name}`,
      '--admin',
      account,
      '--password',
      FIRST_PASSWORD,
      '--products',
      'ELN',
    );
    page = await openPage(browser, shell.context, url);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the page inside the personal centre, not the standalone change', async () => {
    await signIn(page, account, FIRST_PASSWORD);
    await shell.open(page);
    await page.getByTestId('password-page').waitFor();
    expect(new URL(page.url()).hash).toBe('#/layout/password');
    await page.getByTestId(shell.name === 'phone' ? 'mobile-layout' : 'layout-new').waitFor();
    expect(await page.getByTestId('modify-password').count()).toBe(0);
    await screenshot(page, `personal-password-${shell.name}-zh`);
  });

  it('shows the refusal of a wrong old password where the member sees it', async () => {
    await shell.field(page, 'old-password').fill('not the old password');
    await shell.field(page, 'new-password').fill(NEXT_PASSWORD);
    await shell.field(page, 'confirm-password').fill(NEXT_PASSWORD);
    await page.getByTestId('modify-password-submit').click();
    await expect.poll(() => page.getByTestId('old-password-error').textContent()).toContain('密码输入错误');
    expect(await fullyShown(page, 'old-password-error')).toBe(true);
    expect(new URL(page.url()).hash).toBe('#/layout/password');
    await screenshot(page, `personal-password-${shell.name}-refused-zh`);
  });

  it('changes the password and stays on the page, saying so', async () => {
    await shell.field(page, 'old-password').fill(FIRST_PASSWORD);
    await page.getByTestId('modify-password-submit').click();
    await page.getByTestId('password-changed').waitFor();
    expect(await fullyShown(page, 'password-changed')).toBe(true);
    expect(new URL(page.url()).hash).toBe('#/layout/password');
    expect(await shell.field(page, 'new-password').inputValue()).toBe('');
    await screenshot(page, `personal-password-${shell.name}-changed-zh`);
  });

  it('signs in with the new password, and no longer with the old one', async () => {
    const fresh = await openPage(browser, shell.context, url);
    await fresh.goto(`${url}/#/login`);
    await fresh.getByTestId('login-account').fill(account);
    await fresh.getByTestId('login-password').fill(FIRST_PASSWORD);
    await fresh.getByTestId('login-agree').check();
    await fresh.getByTestId('login-submit').click();
    // The server's refusal, in the shell's toast.
    await fresh.getByText('账号或密码输入错误').first().waitFor();
    expect(new URL(fresh.url()).hash).toBe('#/login');
    await signIn(fresh, account, NEXT_PASSWORD);
    await fresh.context().close();
  });
});
