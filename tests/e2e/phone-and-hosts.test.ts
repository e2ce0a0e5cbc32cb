import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';

const { url, admin, members } = inject('e2e');
// The phone signs in as a member, so nothing the desktop tests change on the admin reaches it.
const chemist = members[0];

describe('phones and chat hosts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
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
    expect(await page.getByTestId('app-card-ELN').getAttribute('data-authorized')).toBe('true');
    expect(await page.getByTestId('app-card-SDH').getAttribute('data-authorized')).toBe('false');
    await screenshot(page, 'phone-home');
    expect(scripts.length).toBeGreaterThan(0);
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
