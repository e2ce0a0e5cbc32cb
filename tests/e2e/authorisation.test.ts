import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIGNING_KEY } from '../../server/core/config';
import { DEMO_ORGANIZATION } from '../../server/db/seed';
import { signedHeaders } from '../helpers/signed-headers';
import { chooseFromUserMenu, launchBrowser, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';
import { openSignedInPage } from './signed-in';

const { url, dataDir, admin, members } = sharedServer();
const desktop: BrowserContextOptions = {
  viewport: VIEWPORTS.desktop,
  userAgent: USER_AGENTS.desktopChrome,
  locale: 'zh-CN',
};
/** The demo's second member (赵敏 Zhao Min, licensed for LIMS only) and first (王晨 Wang Chen). */
const ZHAO = '赵敏';
const WANG = '王晨';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

/** A fresh page signed in already (these tests are about what a session may reach, not the sign-in). */
const openSignedIn = (browser: Browser, who: { account: string; password: string }) =>
  openSignedInPage(browser, desktop, url, who);

/** A fresh signed-in page on the card home, where a sign-in lands. */
async function openHome(browser: Browser, who: { account: string; password: string }): Promise<Page> {
  const page = await openSignedIn(browser, who);
  await page.goto(`${url}/#/cardModeIndex`);
  return page;
}

/** A signed POST made by the page with its session cookie, as the client's API calls are. */
const postFromPage = (page: Page, path: string, body: object) =>
  page.evaluate(
    async ({ target, headers, payload }) => {
      const answer = await fetch(target, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: answer.status, body: await answer.text() };
    },
    { target: path, headers: signedHeaders(DEFAULT_SIGNING_KEY, Date.now()), payload: body },
  );

/**
 * Authorisation screen (desktop): the administrator gives a member a product and the member's card home
 * shows it; a product's seats refuse one member too many in words; a menu hidden from a member sends them
 * to /401 and the server answers 403; the screen in both languages.
 */
describe('desktop: product authorisation and menu access', () => {
  let browser: Browser;
  let page: Page;
  let orgId = '';
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });
  const toast = (text: string) => page.locator('.ant-message').getByText(text);

  beforeAll(async () => {
    orgId = new RegExp(`^(\\d+)\\t${DEMO_ORGANIZATION}$`, 'm').exec(await cli('org:list'))![1];
    browser = await launchBrowser();
    page = await openSignedIn(browser, admin);
  });
  afterAll(async () => {
    // The demo organisation is shared with other browser tests: put back what this one changed.
    await cli(
      'member:products',
      '--org',
      orgId,
      '--account',
      members[1].account,
      '--products',
      'PM',
      '--mode',
      'remove',
    );
    await cli('org:seats', '--org', orgId, '--product', 'PM', '--seats', 'unlimited');
    await cli(
      'org:menu-access',
      '--org',
      orgId,
      '--role',
      'member',
      '--account',
      members[1].account,
      '--inherit',
    );
    await cli('org:display', '--org', orgId, '--shown', 'ELN,CIMS,LIMS,PM,IM,STABILITY,MOLSIM,SDH');
    await browser?.close();
  });

  it("gives a member a product, and the member's card home shows it", async () => {
    await page.goto(`${url}/#/layout/info`);
    await page.getByRole('menuitem', { name: '授权管理' }).click();
    await page.getByTestId('product-authorisation').waitFor();
    await expect.poll(() => row(ZHAO).textContent()).toContain('LIMS');
    await screenshot(page, 'authorisation-products-desktop-zh-CN');
    await row(ZHAO)
      .getByRole('button', { name: /授\s*权/ })
      .click();
    await page.locator('.ant-modal').getByLabel('项目管理').check();
    await page.getByTestId('authorise-ok').click();
    await toast('授权已保存').waitFor();
    await expect.poll(() => row(ZHAO).textContent()).toContain('PM');

    const member = await openHome(browser, members[1]);
    await expect.poll(() => member.getByTestId('my-apps').textContent()).toContain('项目管理');
    await screenshot(member, 'authorisation-member-home-zh-CN');
    await member.context().close();
  });

  it('refuses one member more than a product has seats, in words, changing nothing', async () => {
    await cli('org:seats', '--org', orgId, '--product', 'PM', '--seats', '2'); // the administrator and Zhao
    await page.reload();
    await page.getByTestId('seat-PM').waitFor();
    await expect.poll(() => page.getByTestId('seat-PM').textContent()).toContain('已用 2 / 2');
    await row(WANG)
      .getByRole('button', { name: /授\s*权/ })
      .click();
    await page.locator('.ant-modal').getByLabel('项目管理').check();
    await page.getByTestId('authorise-ok').click();
    await expect
      .poll(() => page.getByTestId('authorise-refusal').textContent())
      .toContain('项目管理 只有 2 个席位，本次授权后需要 3 个，未做任何修改');
    await screenshot(page, 'authorisation-seats-refused-zh-CN');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expect.poll(() => row(WANG).textContent()).not.toContain('PM');
  });

  it('hides a menu from one member: the member is sent to /401 and the server answers 403', async () => {
    await page.getByRole('tab', { name: '菜单权限' }).click();
    await page.getByTestId('menu-access').waitFor();
    await row(ZHAO).getByRole('button', { name: '设置菜单' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog
      .locator('.ant-tree-treenode')
      .filter({ hasText: '登录日志' })
      .locator('.ant-tree-checkbox')
      .click();
    await page.getByTestId('menus-ok').click();
    await toast('菜单权限已保存').waitFor();
    await expect.poll(() => row(ZHAO).textContent()).toContain('个人设置');
    await page.getByTestId('menu-filter').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '登录日志' }).click();
    await expect.poll(() => row(ZHAO).textContent()).toContain('不可访问');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await screenshot(page, 'authorisation-menus-desktop-zh-CN');

    const member = await openSignedIn(browser, members[1]);
    await member.goto(`${url}/#/layout/loginlog`);
    await member.waitForURL(/#\/401$/);
    expect((await postFromPage(member, '/api/loginLog/page', {})).status).toBe(403);
    // Another member of the same role still opens it.
    const other = await openHome(browser, members[0]);
    expect((await postFromPage(other, '/api/loginLog/page', {})).status).toBe(200);
    await other.context().close();

    await row(ZHAO).getByRole('button', { name: '恢复为角色默认' }).click();
    await expect.poll(() => row(ZHAO).textContent()).toContain('可访问');
    expect((await postFromPage(member, '/api/loginLog/page', {})).status).toBe(200);
    await member.context().close();
  });

  it("hides a product from members' card homes by the display settings", async () => {
    await page.getByRole('tab', { name: '显示设置' }).click();
    await page.getByTestId('display-STABILITY').click();
    await page
      .getByTestId('display-settings')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await toast('显示设置已保存').waitFor();
    const member = await openHome(browser, members[1]);
    await member.getByTestId('more-apps').waitFor();
    expect(await member.getByTestId('more-apps').textContent()).not.toContain('稳定性研究');
    expect(await member.getByTestId('more-apps').textContent()).toContain('分子模拟');
    await member.context().close();
    await page.getByTestId('display-STABILITY').click();
    await page
      .getByTestId('display-settings')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.getByRole('tab', { name: '菜单权限' }).click();
    await page.getByTestId('menu-access').waitFor();
  });

  it('refuses an administrator taking this screen from themself, in words', async () => {
    await page
      .getByTestId('menu-access')
      .locator('.ant-segmented-item')
      .filter({ hasText: '管理员' })
      .click();
    const role = page.getByTestId('menu-role');
    await role
      .locator('.ant-tree-treenode')
      .filter({ hasText: '授权管理' })
      .last()
      .locator('.ant-tree-checkbox')
      .click();
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await page.getByTestId('menu-role-save').click();
    await expect
      .poll(() => page.getByTestId('menu-role-refusal').textContent())
      .toContain('不能取消自己对“授权管理”页面的访问权限');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'authorisation-own-access-refused-zh-CN');
  });

  it('shows the screen in English', async () => {
    await chooseFromUserMenu(page, 'menu-lang-en-US');
    await page.getByRole('tab', { name: 'Product authorisation' }).waitFor();
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Product authorisation' }).click();
    await expect.poll(() => page.getByTestId('seat-PM').textContent()).toContain('2 of 2 used');
    await screenshot(page, 'authorisation-products-desktop-en-US');
    await page.getByRole('tab', { name: 'Display settings' }).click();
    await page.getByTestId('display-settings').waitFor();
    await screenshot(page, 'authorisation-display-desktop-en-US');
    await page.getByRole('tab', { name: 'Menu access' }).click();
    await page.getByTestId('menu-access').waitFor();
    await screenshot(page, 'authorisation-menus-desktop-en-US');
    await chooseFromUserMenu(page, 'menu-lang-zh-CN');
    await page.getByRole('tab', { name: '显示设置' }).click();
    await page.getByTestId('display-settings').waitFor();
    await screenshot(page, 'authorisation-display-desktop-zh-CN');
  });
});
