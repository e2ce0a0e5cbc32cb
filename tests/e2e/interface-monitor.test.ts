import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../domain/i18n';
import { animationsDone, clickUntil, launchBrowser, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { openSignedInPage } from './signed-in';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const PASSWORD = 'Monitor#Admin-2026-kestrel';
const ADMIN = 'admin@monitor-e2e.test';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

/** An open-API call as the organisation's own system makes it, with its access token. */
async function openCall(token: string, path: string, body: object) {
  const answer = await fetch(`${url}/api/Sdk/ucapi/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as { data: { reqId: string; status: number } };
}

/**
 * The interface monitor against the real server: calls made with an app's access token show in the list
 * with their status in words; the administrator sets the delay before effect on the screen, a call made
 * then waits queued and is withdrawn from the list (nothing of it applied), and a failed call's detail
 * shows its bodies with the per-item problem in the reader's language.
 */
describe.each(['zh-CN', 'en-US'] as const)('desktop: the interface monitor in %s', (language) => {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(language, key, params);
  const admin = language === 'zh-CN' ? ADMIN : ADMIN.replace('admin@', 'admin-en@');
  let browser: Browser;
  let page: Page;
  let token: string;
  let orgId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await cli(
      'org:create',
      '--name',
      `Monitor E2E ${language}`,
      '--admin',
      admin,
      '--password',
      PASSWORD,
      '--products',
      'ELN',
    );
    orgId = /organisation (\d+) created/.exec(created)?.[1] ?? '';
    if (!orgId) throw new Error(`no organisation id in:\n${created}`);
    await cli('org:openness', '--org', orgId, '--grant');
    const printed = await cli('org:app-credential', '--org', orgId, '--name', 'HR');
    const appKey = /app key: (\S+)/.exec(printed)?.[1];
    const appSecret = /app secret: (\S+)/.exec(printed)?.[1];
    const issued = await fetch(`${url}/api/Sdk/ucapi/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appKey, appSecret }),
    });
    token = ((await issued.json()) as { data: { accessToken: string } }).data.accessToken;
    const failed = await openCall(token, 'members', { items: [{ name: 'Nobody to sign in' }] });
    expect(failed.data.status).toBe(2);

    // Signed in through the API (signed-in.ts): the login page is not what this file tests.
    page = await openSignedInPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: language },
      url,
      { account: admin, password: PASSWORD },
      { ownSession: true },
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  const statuses = () => page.getByTestId('interface-status').allTextContents();

  it('lists a failed call and shows its bodies with the problem in words', async () => {
    await page.goto(`${url}/#/layout/interfaceMonitor`);
    await page.getByTestId('interface-monitor').waitFor();
    await expect.poll(statuses).toEqual([t('interfaceMonitor.statuses.fail')]);
    await page.getByTestId('interface-detail-open').click();
    const detail = page.getByTestId('interface-detail');
    await detail.waitFor();
    expect(await page.getByTestId('interface-request-body').textContent()).toContain('Nobody to sign in');
    expect(await page.getByTestId('interface-response-body').textContent()).toContain(
      t('errors.openApi.accountRequired'),
    );
    await screenshot(page, `interface-monitor-detail-${language}`);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
  });

  it('sets the delay on the screen, then withdraws the call it queued', async () => {
    await page.getByTestId('open-delay').locator('input').fill('2');
    await page.getByTestId('open-delay-save').click();
    await page.getByText(t('interfaceMonitor.delay.saved', { hours: 2 })).waitFor();
    expect(await cli('org:open-delay', '--org', orgId)).toContain('after 2 hour(s)');

    const queued = await openCall(token, 'members', {
      items: [{ email: 'queued@monitor-e2e.test', name: 'Q' }],
    });
    expect(queued.data.status).toBe(0);
    await page.getByTestId('interface-search').click();
    await expect
      .poll(statuses)
      .toEqual([t('interfaceMonitor.statuses.queued'), t('interfaceMonitor.statuses.fail')]);
    await screenshot(page, `interface-monitor-queued-${language}`);
    // The rows were just read again (Search): a click on a row being replaced, or on the box's button
    // still zooming in, can be lost on a busy machine, and the test then waited for a box that never came.
    const confirmWithdrawal = page.getByTestId('interface-withdraw-box-confirm');
    await clickUntil(page.getByTestId('interface-withdraw'), () => confirmWithdrawal.isVisible());
    await animationsDone(page);
    await confirmWithdrawal.click();
    await expect
      .poll(statuses)
      .toEqual([t('interfaceMonitor.statuses.canceled'), t('interfaceMonitor.statuses.fail')]);
    expect(await page.getByTestId('interface-withdraw').count()).toBe(0);

    const canceledOption = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: t('interfaceMonitor.statuses.canceled') });
    await clickUntil(page.getByTestId('interface-status-filter'), () => canceledOption.isVisible());
    await animationsDone(page);
    await canceledOption.click();
    await expect
      .poll(() => page.getByTestId('interface-status-filter').innerText())
      .toContain(t('interfaceMonitor.statuses.canceled'));
    await page.getByTestId('interface-search').click();
    await expect.poll(statuses).toEqual([t('interfaceMonitor.statuses.canceled')]);
  });
});
