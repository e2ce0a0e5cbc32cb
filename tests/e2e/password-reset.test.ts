import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { solveCaptcha, watchCaptchas } from './captcha';
import { codeFromOutbox } from './outbox';

const NEW_PASSWORD = 'Reset#Pass2026-kestrel';

describe('password reset with the development outbox', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    // No SMTP_URL or SMS_WEBHOOK_URL: codes go to the development outbox on the server's output.
    server = await startTestServer({ env: { SMTP_URL: '', SMS_WEBHOOK_URL: '' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says at start-up that codes go to the development outbox', () => {
    expect(server.output.join('\n')).toContain('Verification codes: development outbox');
  });

  /**
   * Goes through the wizard on one shell: captcha, code from the outbox, new password, finished; each step
   * photographed in both languages; then signs in with the new password.
   */
  async function resetThrough(
    page: Page,
    captchas: string[],
    options: {
      shell: 'desktop' | 'phone';
      account: string;
      byEmail: boolean;
      languages: { first: string; second: string; switchTo: (language: 'first' | 'second') => Promise<void> };
    },
  ) {
    const shots = async (step: string) => {
      await screenshot(page, `reset-${options.shell}-${options.languages.first}-${step}`);
      await options.languages.switchTo('second');
      await screenshot(page, `reset-${options.shell}-${options.languages.second}-${step}`);
      await options.languages.switchTo('first');
    };
    await page.getByTestId('reset-page').waitFor();
    // The first captcha is asked for once the page has loaded its code: its image shows when it came.
    await page.getByTestId('reset-captcha-image').locator('img').waitFor();
    await expect.poll(() => captchas.length).toBeGreaterThan(0);
    if (options.byEmail) await page.getByText(/^(By email|邮箱找回)$/).click();
    await shots('1-verify');

    await page.locator('#reset-account').fill(options.account);
    const captchaId = captchas.at(-1)!;
    await page.locator('#reset-captcha').fill(solveCaptcha(server.dataDir, captchaId).toLowerCase());
    const since = server.output.length;
    await page.getByTestId('reset-send').click();
    const code = await codeFromOutbox(server, options.account, since);
    await expect.poll(() => page.getByTestId('reset-send').textContent()).toMatch(/\d+/);
    expect(await page.getByTestId('reset-send').isDisabled()).toBe(true);
    await page.locator('#reset-code').fill(code);
    await shots('1-code-sent');
    await page.getByTestId('reset-next').click();

    await page.locator('#reset-new-password').waitFor();
    await page.locator('#reset-new-password').fill(NEW_PASSWORD);
    await page.locator('#reset-confirm-password').fill(NEW_PASSWORD);
    await shots('2-password');
    await page.getByTestId('reset-submit').click();

    await page.getByTestId('reset-done').waitFor();
    await shots('3-finished');
    await page.getByTestId('reset-go-login').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/login');

    await page.getByTestId('login-account').fill(options.account);
    await page.getByTestId('login-password').fill(NEW_PASSWORD);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    // A sign-in hashes the password: on a loaded machine that takes longer than expect.poll's second.
    await page.waitForFunction(() => window.location.hash === '#/cardModeIndex');
  }

  it('resets a mobile account on desktop in Chinese, then signs in with the new password', async () => {
    const page = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      server.url,
    );
    await page.goto(server.url);
    // Watched before the wizard opens, so its first captcha is not missed.
    const captchas = watchCaptchas(page);
    await page.getByRole('link', { name: '忘记密码' }).click();
    await resetThrough(page, captchas, {
      shell: 'desktop',
      account: server.members[0].account,
      byEmail: false,
      languages: {
        first: 'zh',
        second: 'en',
        switchTo: (language) =>
          page
            .locator('.reset-header .ant-segmented-item')
            .getByText(language === 'first' ? '简体中文' : 'English')
            .click(),
      },
    });
    await page.context().close();
  });

  it('resets an email account on a phone in English, then signs in with the new password', async () => {
    const page = await openPage(
      browser,
      {
        viewport: VIEWPORTS.phone,
        userAgent: USER_AGENTS.iphoneSafari,
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
      },
      server.url,
    );
    await page.goto(server.url);
    const captchas = watchCaptchas(page);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await resetThrough(page, captchas, {
      shell: 'phone',
      account: server.members[1].account,
      byEmail: true,
      languages: {
        first: 'en',
        second: 'zh',
        switchTo: (language) =>
          page
            .locator('.m-reset-lang')
            .getByText(language === 'first' ? 'English' : '简体中文')
            .click(),
      },
    });
    await page.context().close();
  });
});
