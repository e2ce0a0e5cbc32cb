import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';

const { url } = inject('e2e');

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
