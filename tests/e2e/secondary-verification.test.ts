import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { codeFromOutbox } from './outbox';

const desktop = (ip: string, locale: string): BrowserContextOptions => ({
  viewport: VIEWPORTS.desktop,
  userAgent: USER_AGENTS.desktopChrome,
  locale,
  extraHTTPHeaders: { 'x-forwarded-for': ip },
});
const phone = (ip: string, locale: string): BrowserContextOptions => ({
  viewport: VIEWPORTS.phone,
  userAgent: USER_AGENTS.iphoneSafari,
  isMobile: true,
  hasTouch: true,
  locale,
  extraHTTPHeaders: { 'x-forwarded-for': ip },
});

/**
 * The security verification at sign-in, on a server of its own (it changes the demo organisation's
 * setting): the administrator turns it on under system settings, members then sign in with a code from
 * the development outbox on desktop and on a phone, and an administrator turns it off again from the
 * phone's user sheet. The server trusts the loopback proxy, so each context has an address of its own.
 */
describe('security verification at sign-in', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({
      env: { SMTP_URL: '', SMS_WEBHOOK_URL: '', TRUST_PROXY: '127.0.0.1' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signInWithPassword(page: Page, account: string, password: string) {
    await page.goto(`${server.url}/#/login`);
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
  }

  /** Photographs the verification page in both languages, starting and ending in `first`. */
  async function photograph(page: Page, shell: string, switchTo: (language: 'zh' | 'en') => Promise<void>) {
    for (const language of ['zh', 'en'] as const) {
      await switchTo(language);
      await page
        .getByText(language === 'zh' ? '安全验证' : 'Security verification')
        .first()
        .waitFor();
      await screenshot(page, `mobile-verify-${shell}-${language}`);
    }
  }

  it('lets the administrator turn it on under system settings', async () => {
    const page = await openPage(browser, desktop('198.51.100.10', 'zh-CN'), server.url);
    await signInWithPassword(page, server.admin.account, server.admin.password);
    await page.waitForURL(/#\/cardModeIndex$/);
    await page.goto(`${server.url}/#/layout/systemSetting`);
    await page.getByTestId('secondary-verification-setting').waitFor();
    await page.getByText('每次登录', { exact: true }).click();
    await page.getByText('已保存').waitFor();
    await screenshot(page, 'secondary-verification-setting-desktop-zh');
    await page.context().close();
  });

  it('signs a member in on desktop only after the code sent to the phone, with no session before it', async () => {
    const member = server.members[0];
    const page = await openPage(browser, desktop('198.51.100.11', 'zh-CN'), server.url);
    await signInWithPassword(page, member.account, member.password);
    await page.waitForURL(/#\/mobileVerify$/);
    await page.getByTestId('mobile-verify-page').waitFor();
    const current = await page.evaluate(() => fetch('/api/account/current').then((answer) => answer.status));
    expect(current).toBe(401);
    await photograph(page, 'desktop', (language) =>
      page
        .locator('.verify-header .ant-segmented-item')
        .getByText(language === 'zh' ? '简体中文' : 'English')
        .click(),
    );

    const since = server.output.length;
    await page.getByTestId('verify-send').click();
    const code = await codeFromOutbox(server, member.account, since);
    await page.getByTestId('verify-code-sent').waitFor();
    await expect.poll(() => page.getByTestId('verify-send').textContent()).toMatch(/\d+/);
    await page.getByTestId('verify-code').fill(code);
    await screenshot(page, 'mobile-verify-desktop-en-code-sent');
    await page.getByTestId('verify-submit').click();
    await page.waitForURL(/#\/cardModeIndex$/);
    const session = await page.evaluate(() => fetch('/api/account/current').then((answer) => answer.json()));
    expect(session.data.AccountInfo.Account).toBe(member.account);
    await page.context().close();
  });

  it('signs a member in on a phone after a wrong code, with the code sent by email', async () => {
    const member = server.members[1];
    const page = await openPage(browser, phone('198.51.100.12', 'en-US'), server.url);
    await signInWithPassword(page, member.account, member.password);
    await page.waitForURL(/#\/mobileVerify$/);
    await page.getByTestId('mobile-verify-page').waitFor();
    await photograph(page, 'phone', async (language) => {
      const label = language === 'zh' ? '简体中文' : 'English';
      const toggle = page.locator('.m-verify-lang');
      if ((await toggle.textContent()) === label) await toggle.click();
    });

    const since = server.output.length;
    await page.getByTestId('verify-send').click();
    const code = await codeFromOutbox(server, member.account, since);
    await page.getByTestId('verify-code-sent').waitFor();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByTestId('verify-code').locator('input').fill(wrong);
    await page.getByTestId('verify-submit').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').allTextContents(), { timeout: 5000 })
      .toContainEqual(expect.stringMatching(/Incorrect verification code|验证码错误/));
    await screenshot(page, 'mobile-verify-phone-wrong-code');
    await page.getByTestId('verify-code').locator('input').fill(code);
    await page.getByTestId('verify-submit').click();
    await page.waitForURL(/#\/cardModeIndex$/);
    await page.context().close();
  });

  it("lets an administrator turn it off from the phone's user sheet, after their own code", async () => {
    const page = await openPage(browser, phone('198.51.100.13', 'zh-CN'), server.url);
    await signInWithPassword(page, server.admin.account, server.admin.password);
    await page.waitForURL(/#\/mobileVerify$/);
    const since = server.output.length;
    await page.getByTestId('verify-send').click();
    const code = await codeFromOutbox(server, server.admin.account, since);
    await page.getByTestId('verify-code').locator('input').fill(code);
    await page.getByTestId('verify-submit').click();
    await page.waitForURL(/#\/cardModeIndex$/);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-administration').click();
    await page.getByTestId('menu-system-setting').click();
    await page.waitForURL(/#\/layout\/systemSetting$/);
    await page.getByTestId('secondary-verification-setting').waitFor();
    await screenshot(page, 'secondary-verification-setting-phone-zh');
    await page.getByText('关闭', { exact: true }).click();
    await expect
      .poll(() => page.locator('.adm-toast-main').allTextContents(), { timeout: 5000 })
      .toContainEqual('已保存');
    await page.context().close();

    // Off again: the password alone signs in.
    const member = await openPage(browser, desktop('198.51.100.14', 'zh-CN'), server.url);
    await signInWithPassword(member, server.members[0].account, server.members[0].password);
    await member.waitForURL(/#\/cardModeIndex$/);
    await member.context().close();
  });
});
