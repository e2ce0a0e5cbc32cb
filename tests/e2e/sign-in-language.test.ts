import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';

const SHELLS = {
  desktop: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome },
  phone: { viewport: VIEWPORTS.phone, userAgent: USER_AGENTS.iphoneSafari, isMobile: true, hasTouch: true },
} as const;

/**
 * Issue 23: the language picked on the login page is the account's from that sign-in on, and an account
 * that never chose one follows the browser. A server of its own, so the demo accounts' languages stay as
 * the other files expect them.
 */
describe('the language picked on the login page', () => {
  let browser: Browser;
  let server: ServerProcess;

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startTestServer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signInFrom = async (
    shell: keyof typeof SHELLS,
    locale: string,
    who: { account: string; password: string },
    pick: 'zh-CN' | 'en-US' | null,
  ) => {
    const page = await openPage(browser, { ...SHELLS[shell], locale }, server.url);
    await page.goto(`${server.url}/#/login`);
    await page.getByTestId(shell === 'phone' ? 'mobile-login' : 'desktop-login').waitFor();
    if (pick) await page.getByTestId(`login-lang-${pick}`).click();
    await page.getByTestId('login-account').fill(who.account);
    await page.getByTestId('login-password').fill(who.password);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('my-apps').waitFor();
    return page;
  };

  it('desktop, English browser: English picked, the administrator’s home is English, on another device too', async () => {
    const page = await signInFrom('desktop', 'en-US', server.admin, 'en-US');
    await expect.poll(() => page.getByTestId('my-apps').textContent()).toContain('My Apps');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await screenshot(page, 'sign-in-language-desktop-en');
    // Stored on the account: a fresh device with a Chinese browser shows it in English too.
    const other = await signInFrom('desktop', 'zh-CN', server.admin, null);
    await expect.poll(() => other.getByTestId('my-apps').textContent()).toContain('My Apps');
  });

  it('phone, English browser: English picked, the home is English', async () => {
    const page = await signInFrom('phone', 'en-US', server.members[0]!, 'en-US');
    await expect.poll(() => page.getByTestId('my-apps').textContent()).toContain('My Apps');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await screenshot(page, 'sign-in-language-phone-en');
  });

  it('phone, English browser, nothing picked: an account that never chose follows the browser', async () => {
    const page = await signInFrom('phone', 'en-US', server.members[1]!, null);
    await expect.poll(() => page.getByTestId('my-apps').textContent()).toContain('My Apps');
  });
});
