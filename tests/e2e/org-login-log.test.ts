import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const ADMIN = 'admin@org-login-log.test';
const MEMBER = 'member@org-login-log.test';
const ADMIN_PASSWORD = 'Org#Log-2026-admin-kestrel';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

const desktop = { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' };

/** Fills in and sends the login form; the caller waits for where it lands. */
async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
}

describe('desktop: the organisation login log and active users', () => {
  let browser: Browser;
  let admin: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await cli(
      'org:create',
      '--name',
      '登录统计实验室',
      '--admin',
      ADMIN,
      '--password',
      ADMIN_PASSWORD,
    );
    const orgId = /organisation (\d+) created/.exec(created)?.[1] ?? '';
    const dept = await cli('dept:create', '--org', orgId, '--name', '合成组');
    const deptId = /department (\d+) created/.exec(dept)?.[1] ?? '';
    const added = await cli('member:add', MEMBER, '--org', orgId, '--name', '王五', '--dept', deptId);
    const initial = /password: (\S+)/.exec(added)?.[1] ?? '';

    // The member mistypes the password once, then signs in (and lands on the forced password change).
    const member = await openPage(browser, desktop, url);
    await signIn(member, MEMBER, 'not-the-password-1');
    await member.locator('.ant-message-notice, .ant-form-item-explain-error').first().waitFor();
    await signIn(member, MEMBER, initial);
    await member.getByTestId('modify-password').waitFor();
    await member.context().close();

    admin = await openPage(browser, desktop, url);
    await signIn(admin, ADMIN, ADMIN_PASSWORD);
    await admin.getByTestId('my-apps').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists every member’s sign-ins from the Organisation menu, filters them and exports the file (zh-CN)', async () => {
    await chooseFromUserMenu(admin, 'menu-personal-center');
    // The personal centre's one-step tour bubble (SPEC §2) would sit over the page title.
    await admin.getByTestId('tour-close').click();
    await admin.locator('.desktop-layout-side').getByRole('menuitem', { name: '组织登录日志' }).click();
    await admin.getByTestId('org-login-log').waitFor();
    expect(new URL(admin.url()).hash).toBe('#/layout/orgLoginLog');
    await expect.poll(() => admin.getByTestId('org-login-log-row-ok').count()).toBe(2);
    await expect.poll(() => admin.getByTestId('org-login-log-row-failed').count()).toBe(1);
    const failed = await admin.getByTestId('org-login-log-row-failed').textContent();
    expect(failed).toContain('王五');
    expect(failed).toContain('合成组');
    expect(failed).toContain('失败');
    await screenshot(admin, 'org-login-log-zh-CN');

    await admin.getByTestId('org-login-log-result').click();
    await admin.locator('.ant-select-item-option').filter({ hasText: '失败' }).click();
    await admin.getByTestId('org-login-log-search').click();
    await expect.poll(() => admin.getByTestId('org-login-log-row-ok').count()).toBe(0);
    await expect.poll(() => admin.getByTestId('org-login-log-row-failed').count()).toBe(1);

    const download = admin.waitForEvent('download');
    await admin.getByTestId('org-login-log-export').click();
    expect((await download).suggestedFilename()).toMatch(/^登录日志-\d{8}-\d{8}\.xlsx$/);

    await admin.getByTestId('org-login-log-keyword').fill('nobody-here');
    await admin.getByTestId('org-login-log-search').click();
    await admin.getByText('没有符合条件的登录记录').waitFor();
  });

  it('shows active users as a chart and a table (zh-CN)', async () => {
    await admin.locator('.desktop-layout-side').getByRole('menuitem', { name: '活跃用户' }).click();
    await admin.getByTestId('active-users').waitFor();
    expect(new URL(admin.url()).hash).toBe('#/layout/statistics');
    await admin.locator('[data-testid="active-users-chart"] .recharts-surface').first().waitFor();
    // Today: the member and the administrator, each once however often they signed in.
    const today = admin.getByTestId('active-users-table').locator('.ant-table-row').first();
    await expect.poll(() => today.locator('td').nth(1).textContent()).toBe('2');
    await screenshot(admin, 'active-users-zh-CN');
  });

  it('shows both screens in English, and says why a range is too long', async () => {
    await chooseFromUserMenu(admin, 'menu-lang-en-US');
    await admin.goto(`${url}/#/layout/orgLoginLog`);
    await admin.getByText('Organisation login log').first().waitFor();
    await expect.poll(() => admin.getByTestId('org-login-log-row-failed').count()).toBe(1);
    await expect.poll(() => admin.getByTestId('org-login-log-row-failed').textContent()).toContain('Failed');
    await screenshot(admin, 'org-login-log-en-US');

    await admin.goto(`${url}/#/layout/statistics`);
    await admin.getByTestId('active-users').waitFor();
    await admin.getByText('Daily (DAU)').waitFor();
    await admin.locator('[data-testid="active-users-chart"] .recharts-surface').first().waitFor();
    await admin.getByText('Last 12 months').click();
    await expect
      .poll(() => admin.getByTestId('active-users-table').locator('thead').textContent())
      .toContain('Month');
    await screenshot(admin, 'active-users-en-US');

    // A daily range of more than 366 days is refused with the limit named.
    await admin.getByText('Daily (DAU)').click();
    const range = admin.locator('.active-users-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill('2024-01-01');
    await range.locator('input').nth(1).click();
    await range.locator('input').nth(1).fill('2025-06-30');
    await range.locator('input').nth(1).press('Enter');
    await admin.getByTestId('active-users-search').click();
    await expect
      .poll(() => admin.getByTestId('active-users-error').textContent())
      .toContain('at most 366 days');
    await screenshot(admin, 'active-users-error-en-US');
  });
});
