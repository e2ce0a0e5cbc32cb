import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../domain/i18n';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { openSignedInPage } from './signed-in';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const cli = operatorCli(dataDir);
const PASSWORD = 'DevDoc#Admin-2026-heron';

/**
 * The developer docs as a developer opens them (the menu's developDoc link): Scalar's reference renders
 * the open API's document, every request of the page going to the portal itself (no CDN).
 */
describe('desktop: the developer docs', () => {
  let browser: Browser;
  let page: Page;
  const origins = new Set<string>();

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'en-US' },
      url,
    );
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin);
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the open API reference from the portal alone', async () => {
    await page.goto(`${url}/api/docs`);
    await page.getByText('Account centre open API').first().waitFor({ timeout: 30_000 });
    await page
      .getByText('Upsert up to 1,000 members by external id, else mobile, else email')
      .first()
      .waitFor();
    await page.getByText("Read a member's third-party accounts, or one identity").first().waitFor();
    await screenshot(page, 'developer-docs');
    expect([...origins]).toEqual([new URL(url).origin]);
  });
});

/**
 * The developer docs as an administrator reaches them: the desktop side menu's developDoc entry (Openness ›
 * Development doc) opens /api/docs in a tab of its own, where the interactive reference lists the open calls;
 * the portal's own tab stays where it was.
 */
describe.each(['zh-CN', 'en-US'] as const)('desktop: the developer docs from the menu in %s', (language) => {
  const admin = `admin-${language.toLowerCase()}@devdoc-e2e.test`;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await cli(
      'org:create',
      '--name',
      `DevDoc E2E ${language}`,
      '--admin',
      admin,
      '--password',
      PASSWORD,
      '--products',
      'ELN',
    );
    const orgId = /organisation (\d+) created/.exec(created)?.[1];
    if (!orgId) throw new Error(`no organisation id in:\n${created}`);
    await cli('org:openness', '--org', orgId, '--grant');
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

  it('opens the interactive reference with the open calls in a new tab', async () => {
    await page.goto(`${url}/#/layout/interfaceMonitor`);
    await page.getByTestId('interface-monitor').waitFor();
    const entry = page.locator('[data-menu="developDoc"]');
    expect(await entry.textContent()).toBe(translate(language, 'menus.developDoc'));
    const [docs] = await Promise.all([page.context().waitForEvent('page'), entry.click()]);
    await docs.waitForLoadState();
    expect(new URL(docs.url()).pathname).toBe('/api/docs');
    await docs.getByText('Account centre open API').first().waitFor({ timeout: 30_000 });
    for (const call of [
      'Upsert up to 1,000 members by external id, else mobile, else email',
      'Create, move or delete departments by path',
      "Read a member's third-party accounts, or one identity",
      'Withdraw a queued call (?reqId=) before it takes effect',
    ])
      await docs.getByText(call).first().waitFor();
    await screenshot(docs, `developer-docs-from-menu-${language}`);
    // The portal's tab stays on the page it was on.
    expect(page.url()).toContain('#/layout/interfaceMonitor');
    await docs.close();
  });
});
