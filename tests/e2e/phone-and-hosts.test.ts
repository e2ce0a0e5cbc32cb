import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { solveCaptcha, watchCaptchas } from './captcha';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, admin, members, dataDir } = sharedServer();
// The phone signs in as a member, so nothing the desktop tests change on the admin reaches it.
const chemist = members[0];
// Locked by the wrong-password test: no other test of this file signs in as this member (unlocked after).
const analyst = members[1];

describe('phones and chat hosts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    // The shared server's demo organisation is used by later files (authorisation signs this member in):
    // unlock the member and forget the wrong passwords, as an operator would.
    await operatorCli(dataDir)('account:unlock', analyst.account);
  });

  it('gives an iPhone the mobile login without loading antd, then the mobile home', async () => {
    const page = await openPage(
      browser,
      {
        viewport: VIEWPORTS.phone,
        userAgent: USER_AGENTS.iphoneSafari,
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
      },
      url,
    );
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(url);
    await page.getByTestId('mobile-login').waitFor();
    expect(await page.getByTestId('desktop-login').count()).toBe(0);
    expect(await page.locator('[class^="ant-"], [class*=" ant-"]').count()).toBe(0);
    await screenshot(page, 'phone-login');
    await page.getByTestId('login-account').fill(chemist.account);
    await page.getByTestId('login-password').fill(chemist.password);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('my-apps').waitFor();
    expect(await page.getByTestId('product-card-ELN').getAttribute('data-authorized')).toBe('true');
    expect(await page.getByTestId('product-card-SDH').getAttribute('data-authorized')).toBe('false');
    await screenshot(page, 'phone-home');
    expect(scripts.length).toBeGreaterThan(0);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-personal-center').click();
    await page.getByTestId('mobile-layout').waitFor();
    await expect.poll(() => page.getByTestId('basic-info').textContent()).toContain(chemist.account);
    await screenshot(page, 'phone-personal-new');
    await page.getByTestId('nav-home').click();
    await page.getByTestId('my-apps').waitFor();
    expect(new URL(page.url()).hash).toBe('#/cardModeIndex');
    await page.context().close();
  });

  it("shows the server's answers to wrong passwords in a toast, up to the lock", async () => {
    const page = await openPage(
      browser,
      {
        viewport: VIEWPORTS.phone,
        userAgent: USER_AGENTS.iphoneSafari,
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
      },
      url,
    );
    await page.goto(url);
    await page.getByTestId('mobile-login').waitFor();
    const captchas = watchCaptchas(page);
    await page.getByTestId('login-account').fill(analyst.account);
    await page.getByTestId('login-agree').check();
    const toasts = () => page.locator('.adm-toast-main').allTextContents();
    const expected = [
      'Account or password input wrong, please re-enter',
      'Account or password input wrong, please re-enter',
      'Attempts left before the account is locked: 2',
      'Attempts left before the account is locked: 1',
      'The account is locked',
    ];
    for (const [attempt, message] of expected.entries()) {
      // After three failures the name needs the image captcha, which the page shows by then.
      if (attempt >= 3) {
        await expect.poll(() => captchas.length).toBe(attempt - 2);
        await page.getByTestId('login-captcha').fill(solveCaptcha(dataDir, captchas.at(-1)!));
      } else {
        expect(await page.getByTestId('login-captcha').count()).toBe(0);
      }
      await page.getByTestId('login-password').fill(`wrong-${attempt}`);
      await page.getByTestId('login-submit').click();
      // The first toast loads antd-mobile's Toast: on a busy machine that takes more than a second.
      await expect.poll(toasts, { timeout: 5000 }).toContainEqual(expect.stringContaining(message));
      if (attempt === 0) await screenshot(page, 'phone-login-error');
      // one toast at a time: wait for this answer's toast to go before the next attempt
      await expect.poll(toasts, { timeout: 6000 }).toEqual([]);
    }
    expect(new URL(page.url()).hash).toBe('#/login');
    await page.context().close();
  });

  it('puts the 404 and blocked-IP pages under the no-auth header on a phone when signed out, in both languages', async () => {
    const page = await openPage(
      browser,
      {
        viewport: VIEWPORTS.phone,
        userAgent: USER_AGENTS.iphoneSafari,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
      },
      url,
    );
    for (const [path, testId, name] of [
      ['/no/such/page', 'not-found', '404'],
      ['/ipException', 'ip-exception', 'ip-exception'],
    ] as const) {
      await page.goto(`${url}/#${path}`);
      await page.getByTestId(testId).waitFor();
      const header = page.getByTestId('no-auth-header');
      await header.waitFor();
      // Nothing of the header leaves the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
      await expect.poll(() => header.textContent()).toContain('登录');
      await screenshot(page, `phone-signed-out-${name}-zh`);
      await page.getByTestId('header-lang-en-US').click();
      await expect.poll(() => header.textContent()).toContain('Sign in');
      await screenshot(page, `phone-signed-out-${name}-en`);
      await page.getByTestId('header-lang-zh-CN').click();
      await expect.poll(() => header.textContent()).toContain('登录');
    }
    await page.getByTestId('header-sign-in').click();
    await page.getByTestId('mobile-login').waitFor();
    await page.context().close();
  });

  it('gives a narrow desktop window the mobile login too', async () => {
    const page = await openPage(
      browser,
      { viewport: { width: 600, height: 900 }, userAgent: USER_AGENTS.desktopChrome },
      url,
    );
    await page.goto(url);
    await page.getByTestId('mobile-login').waitFor();
    await page.context().close();
  });

  it('hides sign-out inside DingTalk', async () => {
    const page = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.dingtalkPc },
      url,
    );
    await page.goto(url);
    await page.getByTestId('login-account').fill(admin.account);
    await page.getByTestId('login-password').fill(admin.password);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-personal-center').waitFor();
    expect(await page.getByTestId('menu-logout').count()).toBe(0);
    await page.context().close();
  });

  it('says a plain browser is not DingTalk or Feishu on the chat entry pages', async () => {
    const page = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'en-US' },
      url,
    );
    await page.goto(`${url}/#/dingding`);
    await page.getByTestId('env-not-in-host').waitFor();
    expect(await page.getByTestId('env-not-in-host').textContent()).toMatch(/not DingTalk|不是钉钉/);
    await page.goto(`${url}/#/feishu`);
    await expect.poll(() => page.getByTestId('env-not-in-host').textContent()).toMatch(/not Feishu|不是飞书/);
    await page.context().close();
  });
});
