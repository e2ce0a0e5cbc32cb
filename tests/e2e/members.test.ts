import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HandoverHookServer, startHandoverHookServer } from '../helpers/handover-hook-server';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';
import { openSignedInPage } from './signed-in';

const { url, dataDir } = sharedServer();
const PASSWORD = 'Members#Admin-2026-kestrel';
const ADMIN = 'admin@members-e2e.test';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

describe('desktop: members and former members', () => {
  let browser: Browser;
  let page: Page;
  let hooks: HandoverHookServer;
  let generated = '';

  /** Confirms in the members page's reusable confirm box and waits until it has closed (done). */
  const confirm = async () => {
    await page.getByTestId('members-confirm-confirm').click();
    await page.getByTestId('members-confirm').waitFor({ state: 'hidden' });
  };
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });
  const toast = (text: string) => page.locator('.ant-message').getByText(text);

  beforeAll(async () => {
    browser = await launchBrowser();
    // Products' handover hooks, as an operator sets them: ELN names what members hold, CIMS fails.
    hooks = await startHandoverHookServer();
    await cli('platform:handover', '--platform', 'ELN', '--url', `${hooks.base}/findings/3`);
    await cli('platform:handover', '--platform', 'CIMS', '--url', `${hooks.base}/error`);
    await cli(
      'org:create',
      '--name',
      'Members E2E',
      '--admin',
      ADMIN,
      '--password',
      PASSWORD,
      '--products',
      'ELN,CIMS',
    );
    const orgId = /^(\d+)\tMembers E2E$/m.exec(await cli('org:list'))![1];
    await cli(
      'member:add',
      'colleague@members-e2e.test',
      '--org',
      orgId,
      '--name',
      '同事甲',
      '--products',
      'ELN',
    );
    // The administrator starts signed in (signed-in.ts): the login page is not what this file tests.
    page = await openSignedInPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      url,
      { account: ADMIN, password: PASSWORD },
      { ownSession: true },
    );
  }, 240_000); // seven operator commands, each a fresh node process on a loaded machine
  afterAll(async () => {
    await browser?.close();
    await cli('platform:handover', '--platform', 'ELN', '--off');
    await cli('platform:handover', '--platform', 'CIMS', '--off');
    await hooks?.close();
  }, 120_000);

  it('opens Members from the side menu with the organisation only', async () => {
    await page.goto(`${url}/#/layout/info`);
    await page.getByRole('menuitem', { name: '成员管理' }).click();
    await page.getByTestId('members').waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(3); // header + admin + colleague
    await expect.poll(() => row('同事甲').textContent()).toContain('ELN');
    await screenshot(page, 'members-desktop-zh-CN');
  });

  it('adds a member with a generated password shown once', async () => {
    await page.getByTestId('members-add').click();
    await page.getByTestId('member-form-account').fill('138 0000 1234');
    await page.getByTestId('member-form-name').fill('新成员');
    await page.getByTestId('member-form').getByLabel('ELN').check();
    await page.getByTestId('member-form').locator('.ant-btn-primary').click();
    const shown = page.getByTestId('member-one-time-password');
    await shown.first().waitFor();
    generated = (await shown.first().textContent())?.trim() ?? '';
    expect(generated).toMatch(/^\S{10,}$/);
    await screenshot(page, 'members-password-once-zh-CN');
    await page.getByTestId('member-passwords').locator('.ant-modal-footer button').click();
    await expect.poll(() => row('新成员').textContent()).toContain('13800001234');
  });

  it('shows why a mobile that only differs in spaces and full-width digits is refused', async () => {
    await page.getByTestId('members-add').click();
    await page.getByTestId('member-form-account').fill('１３８ ００００ １２３４');
    await page.getByTestId('member-form-name').fill('重复');
    await page.getByTestId('member-form').locator('.ant-btn-primary').click();
    await expect
      .poll(() => page.getByTestId('member-form-error').textContent())
      .toContain('该手机号或邮箱已被使用');
    await screenshot(page, 'members-duplicate-zh-CN');
    await page
      .getByTestId('member-form')
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('searches', async () => {
    await page.getByTestId('members-search').locator('input').fill('新');
    await page.getByTestId('members-search').locator('input').press('Enter');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByTestId('members-search').locator('input').fill('');
    await page.getByTestId('members-search').locator('input').press('Enter');
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
  });

  it('finds a keyword in the middle of a name, a mobile number or an email', async () => {
    const search = async (keyword: string) => {
      await page.getByTestId('members-search').locator('input').fill(keyword);
      await page.getByTestId('members-search').locator('input').press('Enter');
    };
    await search('成员');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expect.poll(() => row('新成员').count()).toBe(1);
    await search('０００ １２３');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expect.poll(() => row('新成员').count()).toBe(1);
    await search('members-e2e');
    await expect.poll(() => page.getByRole('row').count()).toBe(3); // header + admin + colleague
    await expect.poll(() => row('同事甲').count()).toBe(1);
    await search('');
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
  });

  it('sets a member as administrator', async () => {
    await row('新成员').getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '设为管理员' }).click();
    await confirm();
    await expect.poll(() => row('新成员').textContent()).toContain('管理员');
  });

  it("says 'Can't remove yourself' at once, without asking the products", async () => {
    const since = hooks.calls.length;
    await row('Members E2E Admin').or(row(ADMIN)).first().getByRole('checkbox').check();
    await page.getByTestId('members-batch-remove').click();
    await toast('不能移除自己').waitFor();
    await screenshot(page, 'members-remove-self-zh-CN');
    await row(ADMIN).getByRole('checkbox').uncheck();
    expect(hooks.calls.length).toBe(since);
  });

  it("shows each product's handover findings in the remove dialog, then removes", async () => {
    // The personal-centre tour bubble would sit over the dialog in the screenshots.
    const gotIt = page.getByRole('button', { name: '知道了' });
    if (await gotIt.isVisible()) await gotIt.click();
    await row('新成员').getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '移除' }).click();
    const dialog = page.getByTestId('member-remove');
    const eln = dialog.getByTestId('member-handover-ELN');
    await eln.waitFor();
    await expect.poll(() => eln.textContent()).toContain('owns 3 projects');
    expect(await eln.textContent()).toContain('2 approvals pending');
    expect(await eln.textContent()).toContain('新成员');
    expect(await dialog.getByTestId('member-handover-CIMS').textContent()).toContain('无法检查');
    expect(await dialog.textContent()).toContain('建议先交接再移除');
    await screenshot(page, 'members-remove-handover-zh-CN');
    const call = hooks.calls.at(-1)!;
    expect(call.headers['x-handover-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    await dialog.getByTestId('member-remove-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row('新成员').count()).toBe(0);
  });

  it('restores the removed member from Former members', async () => {
    await page.getByRole('menuitem', { name: '历史成员' }).click();
    await page.getByTestId('member-history').waitFor();
    await expect.poll(() => row('新成员').count()).toBe(1);
    await screenshot(page, 'member-history-zh-CN');
    await row('新成员').getByRole('button', { name: '恢复' }).click();
    // Restoring asks in the reusable confirm box (a plain modal, not antd's Modal.confirm).
    await page.getByTestId('former-restore-confirm-confirm').click();
    await page.getByTestId('former-restore-confirm').waitFor({ state: 'hidden' });
    await expect.poll(() => row('新成员').count()).toBe(0);
    await page.getByRole('menuitem', { name: '成员管理' }).click();
    await expect.poll(() => row('新成员').count()).toBe(1);
  });

  it('lets the new member sign in once with the generated password, then change it', async () => {
    const member = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome },
      url,
    );
    await member.goto(`${url}/#/login`);
    await member.getByTestId('login-account').fill('13800001234');
    await member.getByTestId('login-password').fill(generated);
    await member.getByTestId('login-agree').check();
    await member.getByTestId('login-submit').click();
    await member.waitForURL(/#\/modifyPsw/);
    await member.context().close();
  });

  it('shows the same screens in English', async () => {
    await chooseFromUserMenu(page, 'menu-lang-en-US');
    await page.getByText('Set as administrator').first().waitFor();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').first().waitFor({ state: 'hidden' });
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await screenshot(page, 'members-desktop-en-US');
    await page.getByTestId('members-add').click();
    await page.getByTestId('member-form').getByText('Initial password').first().waitFor();
    await screenshot(page, 'members-add-en-US');
    await page.getByTestId('member-form').getByRole('button', { name: 'Cancel' }).click();
    await row('同事甲').getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    const dialog = page.getByTestId('member-remove');
    await dialog.getByTestId('member-handover-ELN').waitFor();
    expect(await dialog.getByTestId('member-handover-CIMS').textContent()).toContain('Could not check');
    await screenshot(page, 'members-remove-handover-en-US');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('menuitem', { name: 'Former members' }).click();
    await page.getByTestId('member-history').waitFor();
    await screenshot(page, 'member-history-en-US');
  });
});
