import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { solveCaptcha, watchCaptchas } from './captcha';

/**
 * The login's image captcha after failed sign-ins, on a server of its own: its failures must not make the
 * shared server ask the other browser tests for captchas. The server trusts the loopback proxy, so each
 * browser context comes from an address of its own (X-Forwarded-For).
 */
describe('the image captcha after failed sign-ins', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function failThenSignIn(
    page: Page,
    options: { shell: 'desktop' | 'phone'; account: string; password: string; languages: [string, string] },
  ) {
    const captchas = watchCaptchas(page);
    const switchTo = (label: string) =>
      page
        .locator(options.shell === 'desktop' ? '.login-lang' : '.m-login-lang')
        .getByText(label)
        .click();
    await page.getByTestId('login-account').fill(options.account);
    await page.getByTestId('login-agree').check();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await page.getByTestId('login-captcha-row').count()).toBe(0);
      await page.getByTestId('login-password').fill(`wrong-${attempt}`);
      await page.getByTestId('login-submit').click();
      await expect.poll(() => page.getByTestId('login-submit').getAttribute('aria-busy')).toBe('false');
    }
    // The third failure says the next attempt needs the captcha: the page shows it without another try.
    await page.getByTestId('login-captcha-row').waitFor();
    await expect.poll(() => captchas.length).toBe(1);
    await page.getByTestId('login-captcha-image').locator('img').waitFor();
    // The failures' toasts go before the photographs.
    await expect
      .poll(() => page.locator('.ant-message-notice, .adm-toast-main').count(), { timeout: 8000 })
      .toBe(0);
    for (const language of options.languages) {
      await switchTo(language === 'zh' ? '简体中文' : 'English');
      await page.getByText(language === 'zh' ? '图形验证码' : 'Image code', { exact: true }).waitFor();
      await screenshot(page, `login-captcha-${options.shell}-${language}`);
    }

    // A wrong answer is refused, and the page brings a new image for the next try.
    await page.getByTestId('login-password').fill(options.password);
    await page.getByTestId('login-captcha').fill('XXXX');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => captchas.length).toBe(2);
    expect(await page.getByTestId('login-captcha').inputValue()).toBe('');

    await page
      .getByTestId('login-captcha')
      .fill(solveCaptcha(server.dataDir, captchas.at(-1)!).toLowerCase());
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/cardModeIndex$/);
  }

  const contextFor = (shell: 'desktop' | 'phone', ip: string): BrowserContextOptions => ({
    ...(shell === 'desktop'
      ? { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' }
      : {
          viewport: VIEWPORTS.phone,
          userAgent: USER_AGENTS.iphoneSafari,
          isMobile: true,
          hasTouch: true,
          locale: 'en-US',
        }),
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });

  it('shows the captcha on the desktop login after three failures, and signs in with its answer', async () => {
    const page = await openPage(browser, contextFor('desktop', '203.0.113.21'), server.url);
    await page.goto(`${server.url}/#/login`);
    await page.getByTestId('desktop-login').waitFor();
    await failThenSignIn(page, {
      shell: 'desktop',
      account: server.members[0].account,
      password: server.members[0].password,
      languages: ['en', 'zh'],
    });
    await page.context().close();
  });

  it('shows the captcha on the phone login after three failures, and signs in with its answer', async () => {
    const page = await openPage(browser, contextFor('phone', '203.0.113.22'), server.url);
    await page.goto(`${server.url}/#/login`);
    await page.getByTestId('mobile-login').waitFor();
    await failThenSignIn(page, {
      shell: 'phone',
      account: server.members[1].account,
      password: server.members[1].password,
      languages: ['zh', 'en'],
    });
    await page.context().close();
  });
});
