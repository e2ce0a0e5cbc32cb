import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseFromUserMenu,
  clickUntil,
  launchBrowser,
  openPage,
  screenshot,
  USER_AGENTS,
  VIEWPORTS,
} from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';
import { openSignedInPage } from './signed-in';

const { url, dataDir } = sharedServer();
const ADMIN = 'admin@governance-e2e.test';
const MEMBER = 'member@governance-e2e.test';
const ADMIN_PASSWORD = 'Gov#Admin-2026-pass';
const MEMBER_PASSWORD = 'Gov member phrase 2026';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

const desktop = { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' };

/** Signs in on the login page; the caller waits for where it lands. */
async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
}

describe('desktop: IP whitelist, password policy and operation log', () => {
  let browser: Browser;
  let admin: Page;
  let member: Page;
  let orgId: string;

  const openSettingsTab = async (tab: 'ipWhitelist' | 'passwordPolicy') => {
    await admin.goto(`${url}/#/layout/systemSetting?tab=${tab}`);
    await admin.getByTestId(tab === 'ipWhitelist' ? 'ip-whitelist' : 'password-policy').waitFor();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await cli(
      'org:create',
      '--name',
      '治理实验室',
      '--admin',
      ADMIN,
      '--password',
      ADMIN_PASSWORD,
    );
    orgId = /organisation (\d+) created/.exec(created)?.[1] ?? '';
    const added = await cli('member:add', MEMBER, '--org', orgId, '--name', '李四');
    const initial = /password: (\S+)/.exec(added)?.[1] ?? '';

    // The member settles the initial password first, so later sign-ins are ordinary ones.
    member = await openPage(browser, desktop, url);
    await signIn(member, MEMBER, initial);
    await member.getByTestId('modify-password').waitFor();
    await member.getByTestId('old-password').fill(initial);
    await member.getByTestId('new-password').fill(MEMBER_PASSWORD);
    await member.getByTestId('confirm-password').fill(MEMBER_PASSWORD);
    await member.getByTestId('modify-password-submit').click();
    await member.getByTestId('my-apps').waitFor();

    // The administrator's screens are not about the sign-in: signed in already, on the home.
    admin = await openSignedInPage(browser, desktop, url, { account: ADMIN, password: ADMIN_PASSWORD });
    await admin.goto(`${url}/#/cardModeIndex`);
    await admin.getByTestId('my-apps').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reaches the tabs from System settings in the side menu', async () => {
    await chooseFromUserMenu(admin, 'menu-personal-center');
    await admin.locator('.desktop-layout-side').getByRole('menuitem', { name: '系统设置' }).click();
    await admin.getByTestId('system-settings').waitFor();
    await admin.getByTestId('tab-ipWhitelist').click();
    await admin.getByTestId('ip-whitelist').waitFor();
    expect(new URL(admin.url()).hash).toBe('#/layout/systemSetting?tab=ipWhitelist');
    await expect.poll(() => admin.getByTestId('ip-current').textContent()).toMatch(/您当前的 IP 地址：\S+/);
  });

  it('names a bad line and saves nothing', async () => {
    await admin.getByTestId('ip-lines').fill('10.0.0.0/8\n10.1\n2001:db8::/32');
    await admin.getByTestId('ip-save').click();
    await admin.getByText('第 2 行无效，请检查 IP 地址').waitFor();
    await screenshot(admin, 'governance-ip-bad-line-zh-CN');
    await admin.reload();
    await admin.getByTestId('ip-whitelist').waitFor();
    expect(await admin.getByTestId('ip-lines').inputValue()).toBe('');
  });

  it('warns before a list that leaves the administrator out, then shuts the member out', async () => {
    await admin.getByTestId('ip-lines').fill('10.0.0.0/8\n2001:db8::/32');
    await admin.getByTestId('ip-save').click();
    await admin.getByText('已保存').first().waitFor();
    await admin.getByTestId('ip-enabled').click();
    await expect.poll(() => admin.getByTestId('ip-confirm-text').textContent()).toContain('不在白名单内');
    await screenshot(admin, 'governance-ip-confirm-zh-CN');
    await admin.getByTestId('ip-confirm').click();
    await admin.getByText('IP 白名单已启用').waitFor();
    await expect.poll(() => admin.getByTestId('ip-enabled').getAttribute('aria-checked')).toBe('true');
    await screenshot(admin, 'governance-ip-whitelist-zh-CN');

    // The member, signed in before, is stopped at the next request.
    await member.reload();
    await member.getByTestId('ip-exception').waitFor();
    expect(new URL(member.url()).hash).toBe('#/ipException');
    await screenshot(member, 'governance-ip-exception-zh-CN');
    await member.getByText('返回登录').click();
    await member.getByTestId('login-account').waitFor();
    // And a new sign-in from here ends on the same page.
    await signIn(member, MEMBER, MEMBER_PASSWORD);
    await member.getByTestId('ip-exception').waitFor();

    // On a phone the same: the phone's /ipException with its way back to the login.
    const phone = await openPage(
      browser,
      { viewport: VIEWPORTS.phone, userAgent: USER_AGENTS.iphoneSafari, locale: 'zh-CN' },
      url,
    );
    await signIn(phone, MEMBER, MEMBER_PASSWORD);
    await phone.getByTestId('ip-exception').waitFor();
    await screenshot(phone, 'governance-ip-exception-phone-zh-CN');
    await phone.getByText('返回登录').click();
    await phone.getByTestId('login-account').waitFor();
  });

  it('lets an unrestricted member in from anywhere', async () => {
    await admin.getByTestId('ip-add').click();
    await admin.getByTestId('ip-add-select').click();
    // The pick is taken before the list is shut.
    await clickUntil(admin.getByText('李四 (member@governance-e2e.test)'), () =>
      admin.getByTestId('ip-add-ok').isEnabled(),
    );
    await admin.keyboard.press('Escape');
    await admin.getByTestId('ip-add-ok').click();
    await admin.getByText('已添加').waitFor();
    await admin.getByTestId('ip-unrestricted').getByText('李四').waitFor();
    await screenshot(admin, 'governance-ip-unrestricted-zh-CN');
    await signIn(member, MEMBER, MEMBER_PASSWORD);
    await member.getByTestId('my-apps').waitFor();
  });

  it('switches the whitelist off again', async () => {
    await admin.getByTestId('ip-enabled').click();
    await admin.getByText('IP 白名单已关闭').waitFor();
  });

  it('saves a stricter password policy that applies at the member’s next sign-in', async () => {
    await admin.getByTestId('tab-passwordPolicy').click();
    await admin.getByTestId('password-policy').waitFor();
    // A weaker choice than NIST's for a password that is the only factor: said beside the field.
    expect(await admin.getByTestId('policy-nist-minLength').count()).toBe(0);
    await admin.getByTestId('policy-min').fill('8');
    await expect
      .poll(() => admin.getByTestId('policy-nist-minLength').textContent())
      .toContain('NIST SP 800-63B-4 建议：密码是登录的唯一凭证时，至少 15 个字符');
    await admin.getByTestId('policy-min').fill('24');
    await expect.poll(() => admin.getByTestId('policy-nist-minLength').count()).toBe(0);
    await admin.getByTestId('policy-max').fill('20');
    await admin.getByTestId('policy-save').click();
    await expect.poll(() => admin.getByTestId('policy-error').textContent()).toContain('24 到 1024');
    await admin.getByTestId('policy-max').fill('64');
    await admin.getByTestId('policy-save').click();
    await admin.getByText('已保存，成员下次登录时生效').waitFor();
    await screenshot(admin, 'governance-password-policy-zh-CN');

    // A new sign-in (another browser) meets the new policy: the 22-character password now falls short.
    const again = await openPage(browser, desktop, url);
    await signIn(again, MEMBER, MEMBER_PASSWORD);
    await again.getByTestId('modify-password').waitFor();
    expect(new URL(again.url()).hash).toBe('#/modifyPsw');
    await screenshot(again, 'governance-policy-applied-zh-CN');
  });

  it('lists the changes in the operation log, filtered by module and keyword', async () => {
    await admin.locator('.desktop-layout-side').getByRole('menuitem', { name: '操作日志' }).click();
    await admin.getByTestId('operation-log').waitFor();
    // The content is in the reader's language (zh-CN here), whatever language the change was made in.
    await admin.getByText(/^保存了 IP 白名单（关闭，共 2 行）：/).waitFor();
    await admin
      .getByText(/^设置了密码策略：长度 24-64/)
      .first()
      .waitFor();
    await admin.getByText('将 李四 添加为不受限成员').waitFor();
    await screenshot(admin, 'governance-operation-log-zh-CN');
    // The keyword finds the row by a word of either language's wording.
    for (const keyword of ['不受限', 'unrestricted']) {
      await admin.getByTestId('oplog-keyword').fill(keyword);
      await admin.getByTestId('oplog-search').click();
      await expect.poll(() => admin.locator('.ant-table-row').count()).toBe(1);
    }
    const download = admin.waitForEvent('download');
    await admin.getByTestId('oplog-export').click();
    expect((await download).suggestedFilename()).toMatch(/^操作日志-\d{8}-\d{8}\.xlsx$/);
  });

  it('shows the same screens in English', async () => {
    await chooseFromUserMenu(admin, 'menu-lang-en-US');
    await openSettingsTab('ipWhitelist');
    await expect.poll(() => admin.getByTestId('ip-current').textContent()).toMatch(/Your current IP address/);
    await admin.getByTestId('ip-lines').fill('10.0.0.0/8\n300.1.1.1');
    await admin.getByTestId('ip-save').click();
    await admin.getByText('2 row is invalid, please check the IP address').waitFor();
    await screenshot(admin, 'governance-ip-whitelist-en-US');
    await openSettingsTab('passwordPolicy');
    await screenshot(admin, 'governance-password-policy-en-US');
    await admin.goto(`${url}/#/layout/operationLog`);
    await admin
      .getByText(/^Saved the IP whitelist: off, 2 lines/)
      .first()
      .waitFor();
    await admin.getByText('Added to the unrestricted members: 李四').waitFor();
    await screenshot(admin, 'governance-operation-log-en-US');
  });

  it('reloads on Search and Reset with the same filters, and files a watermark change under System settings', async () => {
    await admin.goto(`${url}/#/layout/operationLog`);
    await admin.getByTestId('operation-log').waitFor();
    const watermarkRows = admin.locator('.ant-table-row').filter({ hasText: 'Set the watermark' });
    await expect.poll(() => admin.locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(await watermarkRows.count()).toBe(0);
    // The watermark is switched on in another tab: the list here does not know yet.
    const settings = await admin.context().newPage();
    await settings.goto(`${url}/#/layout/systemSetting?tab=watermark`);
    await settings.getByTestId('watermark-switch').click();
    await expect
      .poll(() => settings.getByTestId('watermark-switch').getAttribute('aria-checked'))
      .toBe('true');
    await settings.close();

    const asked = admin.waitForRequest((request) => request.url().endsWith('/api/operationLog/page'));
    await admin.getByTestId('oplog-search').click();
    await asked;
    await expect.poll(() => watermarkRows.count()).toBe(1);
    expect(await watermarkRows.locator('td').allTextContents()).toContain('System settings');
    const again = admin.waitForRequest((request) => request.url().endsWith('/api/operationLog/page'));
    await admin.getByTestId('oplog-reset').click();
    await again;
    await expect.poll(() => watermarkRows.count()).toBe(1);
    await screenshot(admin, 'governance-operation-log-reload-en-US');
  });
});
