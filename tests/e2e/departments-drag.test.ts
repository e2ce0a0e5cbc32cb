import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromUserMenu, launchBrowser, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';
import { openSignedInPage } from './signed-in';

const { url, dataDir } = sharedServer();
const ADMIN = 'admin@dept-drag-e2e.test';
const PASSWORD = 'DeptDrag#Admin-2026-kestrel';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

describe('desktop: moving departments by drag and drop', () => {
  let browser: Browser;
  let page: Page;
  const node = (name: string) => page.getByTestId(`dept-node-${name}`);
  /**
   * Drags one department's title onto the middle of another's. (The tree reads a pointer that ends left of
   * where the drag started as 'one level up, beside it', so the tests drag between departments of one level.)
   */
  const drag = (from: string, to: string) => node(from).dragTo(node(to));

  beforeAll(async () => {
    browser = await launchBrowser();
    await cli('org:create', '--name', 'Dept Drag E2E', '--admin', ADMIN, '--password', PASSWORD);
    const orgId = /^(\d+)\tDept Drag E2E$/m.exec(await cli('org:list'))![1];
    const rnd = /department (\d+) created/.exec(
      await cli('dept:create', '--org', orgId, '--name', '研发中心'),
    )![1];
    await cli('dept:create', '--org', orgId, '--name', '分析组');
    await cli('dept:create', '--org', orgId, '--name', '质检部');
    await cli('dept:create', '--org', orgId, '--name', '合成组', '--parent', rnd);
    // The screen is not about the sign-in: signed in already, straight to it.
    page = await openSignedInPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      url,
      { account: ADMIN, password: PASSWORD },
    );
    await page.goto(`${url}/#/layout/orgDpt`);
    await page.getByTestId('departments').waitFor();
    // The personal-centre tour bubble would sit over the tree's title in the screenshots.
    const gotIt = page.getByRole('button', { name: '知道了' });
    if (await gotIt.isVisible()) await gotIt.click();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('moves a department under another when dropped on it', async () => {
    await drag('分析组', '研发中心');
    await page.getByText('移动成功').waitFor();
    await expect.poll(() => page.getByTestId('dept-detail').textContent()).toContain('研发中心');
    await screenshot(page, 'desktop-org-dpt-dragged-zh');
  });

  it('leaves a department dropped on its own sub-department where it is', async () => {
    // The tree takes no drop on a department's own sub-departments (the page would refuse it too).
    await drag('研发中心', '合成组');
    // Dragging a department folds it; the page read again shows the whole tree unchanged.
    await page.reload();
    await node('合成组').waitFor();
    await node('研发中心').click();
    await expect.poll(() => page.getByTestId('dept-detail').textContent()).toContain('无（顶级部门）');
    await expect.poll(() => node('合成组').isVisible()).toBe(true);
    expect(await page.getByTestId('dept-page-error').count()).toBe(0);
  });

  it('reads the same in English', async () => {
    await chooseFromUserMenu(page, 'menu-lang-en-US');
    await page.getByText('New department').waitFor();
    await drag('质检部', '研发中心');
    await page.getByText('Moved successfully').waitFor();
    await expect.poll(() => page.getByTestId('dept-detail').textContent()).toContain('研发中心');
    await screenshot(page, 'desktop-org-dpt-dragged-en');
  });
});
