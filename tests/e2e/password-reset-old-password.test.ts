import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { animationsDone, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { solveCaptcha, watchCaptchas } from './captcha';

const NEW_PASSWORD = 'Reset#Pass2026-osprey';
const WRONG = /^(Account or password input wrong, please re-enter|账号或密码输入错误，请重新输入)$/;

/** The reset wizard's 'by old password' way (SPEC §3), walked on both shells. */
describe('password reset by old password', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * On the wizard's first step: picks the old-password way, types a wrong old password (the refusal is
   * shown and the page stays on step 1), then the right one, sets a new password, and signs in with it.
   */
  async function resetThrough(
    page: Page,
    captchas: string[],
    options: { shell: 'desktop' | 'phone'; language: string; account: string; oldPassword: string },
  ) {
    await page.getByTestId('reset-page').waitFor();
    // The first captcha is asked for once the page has loaded its code: its image shows when it came.
    await page.getByTestId('reset-captcha-image').locator('img').waitFor();
    await expect.poll(() => captchas.length).toBeGreaterThan(0);
    await page.getByText(/^(By old password|旧密码验证)$/).click();
    await page.locator('#reset-old-password').waitFor();
    expect(await page.locator('#reset-code').count()).toBe(0);
    await animationsDone(page);
    await screenshot(page, `reset-old-password-${options.shell}-${options.language}-1-verify`);

    const answer = async () => solveCaptcha(server.dataDir, captchas.at(-1)!).toLowerCase();
    await page.locator('#reset-account').fill(options.account);
    await page.locator('#reset-old-password').fill('Not#The-Password-2026');
    await page.locator('#reset-captcha').fill(await answer());
    const seen = captchas.length;
    await page.getByTestId('reset-next').click();
    await page.getByText(WRONG).first().waitFor();
    await screenshot(page, `reset-old-password-${options.shell}-${options.language}-1-refused`);
    // Still on the first step, with a new captcha to solve (the last one was used up).
    expect(await page.locator('#reset-new-password').count()).toBe(0);
    await expect.poll(() => captchas.length).toBeGreaterThan(seen);
    expect(await page.locator('#reset-captcha').inputValue()).toBe('');

    await page.locator('#reset-old-password').fill(options.oldPassword);
    await page.locator('#reset-captcha').fill(await answer());
    await page.getByTestId('reset-next').click();
    await page.locator('#reset-new-password').waitFor();
    await page.locator('#reset-new-password').fill(NEW_PASSWORD);
    await page.locator('#reset-confirm-password').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-done').waitFor();
    await page.getByTestId('reset-go-login').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/login');

    await page.getByTestId('login-account').fill(options.account);
    await page.getByTestId('login-password').fill(NEW_PASSWORD);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    // A sign-in hashes the password: on a loaded machine that takes longer than expect.poll's second.
    await page.waitForFunction(() => window.location.hash === '#/cardModeIndex');
  }

  it('resets a mobile account with its old password on desktop in Chinese, then signs in with the new one', async () => {
    const page = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      server.url,
    );
    await page.goto(server.url);
    // Watched before the wizard opens, so its first captcha is not missed.
    const captchas = watchCaptchas(page);
    await page.getByRole('link', { name: '忘记密码' }).click();
    const member = server.members[0];
    await resetThrough(page, captchas, {
      shell: 'desktop',
      language: 'zh',
      account: member.account,
      oldPassword: member.password,
    });
    await page.context().close();
  });

  it('resets an email account with its old password on a phone in English, then signs in with the new one', async () => {
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
    const member = server.members[1];
    await resetThrough(page, captchas, {
      shell: 'phone',
      language: 'en',
      account: member.account,
      oldPassword: member.password,
    });
    await page.context().close();
  });
});
