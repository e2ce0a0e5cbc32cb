import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';
import { openSignedInPage } from './signed-in';

const { url, dataDir } = sharedServer();
const ADMIN = 'admin@watermark-e2e.test';
const MEMBER = 'member@watermark-e2e.test';
const ADMIN_PASSWORD = 'Wm#Admin-2026-pass';
const MEMBER_PASSWORD = 'Wm member phrase 2026';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

const desktop = { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' };
const phone = { viewport: VIEWPORTS.phone, userAgent: USER_AGENTS.iphoneSafari, locale: 'zh-CN' };

async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
}

/** The SVG text drawn in a watermark layer (its background is an SVG data: URL). */
const layerSvg = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluate((element) => decodeURIComponent(getComputedStyle(element).backgroundImage));

describe('desktop: watermark', () => {
  let browser: Browser;
  let admin: Page;
  let member: Page;
  let initial = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await cli(
      'org:create',
      '--name',
      '水印实验室',
      '--admin',
      ADMIN,
      '--password',
      ADMIN_PASSWORD,
    );
    const orgId = /organisation (\d+) created/.exec(created)?.[1] ?? '';
    const added = await cli('member:add', MEMBER, '--org', orgId, '--name', '王五');
    initial = /password: (\S+)/.exec(added)?.[1] ?? '';

    member = await openPage(browser, desktop, url);
    await signIn(member, MEMBER, initial);
    await member.getByTestId('modify-password').waitFor();
    await member.getByTestId('old-password').fill(initial);
    await member.getByTestId('new-password').fill(MEMBER_PASSWORD);
    await member.getByTestId('confirm-password').fill(MEMBER_PASSWORD);
    await member.getByTestId('modify-password-submit').click();
    await member.getByTestId('my-apps').waitFor();
    expect(await member.getByTestId('watermark-overlay').count()).toBe(0);

    // The tests open the screen from the address bar: no need for the home first.
    admin = await openSignedInPage(browser, desktop, url, { account: ADMIN, password: ADMIN_PASSWORD });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('updates the preview as the administrator types, and refuses an HTML file named .png', async () => {
    await admin.goto(`${url}/#/layout/systemSetting?tab=watermark`);
    await admin.getByTestId('watermark').waitFor();
    await admin.getByTestId('watermark-text').fill('内部资料');
    await expect.poll(() => layerSvg(admin, 'watermark-preview-layer')).toContain('内部资料');
    await admin
      .getByTestId('watermark-upload')
      .locator('..')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<html><script>alert(1)</script></html>'),
      });
    await admin.getByTestId('watermark-problem').getByText('文件格式错误').waitFor();
    await screenshot(admin, 'watermark-settings-zh-CN');
  });

  it('saves and switches on; the member sees it over the portal and can still click through', async () => {
    await admin.getByRole('radio', { name: '密集' }).check();
    await admin.getByTestId('watermark-save').click();
    await admin.getByText('水印设置已保存').waitFor();
    await admin.getByTestId('watermark-switch').click();
    await expect.poll(() => admin.getByTestId('watermark-switch').getAttribute('aria-checked')).toBe('true');

    await member.reload();
    await member.getByTestId('my-apps').waitFor();
    await expect.poll(() => layerSvg(member, 'watermark-overlay')).toContain('王五');
    expect(await layerSvg(member, 'watermark-overlay')).toContain('内部资料');
    expect(
      await member.getByTestId('watermark-overlay').evaluate((e) => getComputedStyle(e).pointerEvents),
    ).toBe('none');
    await screenshot(member, 'watermark-member-home-zh-CN');
  });

  it('is over the phone shell too', async () => {
    // Signed in already: the watermark is not about the sign-in; the home is where a sign-in lands.
    const mobile = await openSignedInPage(browser, phone, url, {
      account: MEMBER,
      password: MEMBER_PASSWORD,
    });
    await mobile.goto(`${url}/#/cardModeIndex`);
    await expect.poll(() => layerSvg(mobile, 'watermark-overlay'), { timeout: 15_000 }).toContain('王五');
    await screenshot(mobile, 'watermark-member-phone-zh-CN');
  });

  it('shows the screen in English', async () => {
    await chooseFromUserMenu(admin, 'menu-lang-en-US');
    await admin.goto(`${url}/#/layout/systemSetting?tab=watermark`);
    await admin.getByText('Custom text').waitFor();
    await screenshot(admin, 'watermark-settings-en-US');
  });

  it('keeps text typed and not saved when the switch saves, and redraws the administrator’s own page at once', async () => {
    const overlay = admin.getByTestId('watermark-overlay');
    await expect.poll(() => layerSvg(admin, 'watermark-overlay')).toContain('内部资料');
    await admin.getByTestId('watermark-switch').click();
    await expect.poll(() => admin.getByTestId('watermark-switch').getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => overlay.count()).toBe(0);

    await admin.getByTestId('watermark-text').fill('Lab eyes only');
    await admin.getByTestId('watermark-switch').click();
    await expect.poll(() => admin.getByTestId('watermark-switch').getAttribute('aria-checked')).toBe('true');
    expect(await admin.getByTestId('watermark-text').inputValue()).toBe('Lab eyes only');
    // Switched on with what was saved; the typed text waits for Save.
    await expect.poll(() => overlay.count()).toBe(1);
    expect(await layerSvg(admin, 'watermark-overlay')).toContain('内部资料');
    await screenshot(admin, 'watermark-switch-keeps-text-en-US');

    await admin.getByTestId('watermark-save').click();
    await expect.poll(() => layerSvg(admin, 'watermark-overlay')).toContain('Lab eyes only');
    await admin.reload();
    await admin.getByTestId('watermark-text').waitFor();
    expect(await admin.getByTestId('watermark-text').inputValue()).toBe('Lab eyes only');
  });
});
