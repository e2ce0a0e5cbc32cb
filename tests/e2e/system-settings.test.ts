import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromUserMenu, launchBrowser, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';
import { openSignedInPage } from './signed-in';

const { url, dataDir } = sharedServer();
const ADMIN = 'admin@general-e2e.test';
const ADMIN_PASSWORD = 'Gen#Admin-2026-pass';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

const desktop = { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' };

describe('desktop: System settings > General', () => {
  let browser: Browser;
  let page: Page;
  let orgId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await cli(
      'org:create',
      '--name',
      '通用设置实验室',
      '--admin',
      ADMIN,
      '--password',
      ADMIN_PASSWORD,
    );
    orgId = /organisation (\d+) created/.exec(created)?.[1] ?? '';
    // The screen is not about the sign-in: signed in already, straight to it.
    page = await openSignedInPage(browser, desktop, url, { account: ADMIN, password: ADMIN_PASSWORD });
    // The personal centre's one-step tour would cover the tabs in the screenshots.
    await page.goto(`${url}/#/layout/systemSetting?tab=general`);
    await page.getByTestId('tour-close').click();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows each category with its settings in Chinese, and a module the deployment has off', async () => {
    await page.goto(`${url}/#/layout/systemSetting?tab=general`);
    await page.getByTestId('general-settings').waitFor();
    await expect.poll(() => page.getByTestId('tab-general').textContent()).toBe('通用设置');
    for (const title of ['功能模块', '登录安全', '会话']) {
      await expect.poll(() => page.getByTestId('general-settings').textContent()).toContain(title);
    }
    // The browser tests' deployment has app downloads off: the organisation cannot switch them on.
    await page.getByTestId('config-appDownload-unavailable').waitFor();
    expect(await page.getByTestId('config-appDownload-unavailable').textContent()).toBe('部署方已关闭此模块');
    expect(await page.getByTestId('config-appDownload').isDisabled()).toBe(true);
    expect(await page.getByTestId('config-save-modules').isDisabled()).toBe(true);
    await screenshot(page, 'desktop-system-settings-general-zh');
  });

  it('refuses an idle time out of range beside the field, then saves each category with its own button', async () => {
    await page.getByTestId('config-lockIdleMinutes').fill('999');
    await page.getByTestId('config-save-session').click();
    const session = page.getByTestId('config-category-session');
    await expect.poll(() => session.textContent()).toContain('请输入 0 到 480 之间的整数');
    await screenshot(page, 'desktop-system-settings-general-error-zh');

    await page.getByTestId('config-lockIdleMinutes').fill('15');
    await page.getByTestId('config-save-session').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('会话已保存');
    // The field's message leaves with an animation: it is gone once that ends.
    await expect.poll(() => session.textContent()).not.toContain('请输入');

    await page.getByTestId('config-reset').click();
    await page.getByTestId('config-save-modules').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('功能模块已保存');

    await page.getByTestId('config-signInVerification').click();
    await page.getByTitle('新设备或新地址登录时').click();
    await page.getByTestId('config-save-security').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('登录安全已保存');

    // The operator sees what the administrator saved.
    const listed = await cli('org:config', '--org', orgId, '--list');
    expect(listed).toContain('modules.reset off');
    expect(listed).toContain('session.lockIdleMinutes 15');
    expect(listed).toContain('security.signInVerification new-device');
  });

  it('shows the saved settings in English after a language switch and a reload', async () => {
    await chooseFromUserMenu(page, 'menu-lang-en-US');
    await expect.poll(() => page.getByTestId('tab-general').textContent()).toBe('General');
    await page.reload();
    await page.getByTestId('general-settings').waitFor();
    await expect.poll(() => page.getByTestId('tab-general').textContent()).toBe('General');
    const text = () => page.getByTestId('general-settings').textContent();
    for (const words of ['Modules', 'Sign-in security', 'Session', 'Switched off for this deployment']) {
      await expect.poll(text).toContain(words);
    }
    expect(await page.getByTestId('config-reset').getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('config-lockIdleMinutes').inputValue()).toBe('15');
    await expect.poll(text).toContain('On a new device or address');
    await screenshot(page, 'desktop-system-settings-general-en');
  });
});
