import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { sharedServer } from './shared-server';

const { url } = sharedServer();

const SHELLS = {
  desktop: {
    options: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome },
    login: 'desktop-login',
    width: VIEWPORTS.desktop.width,
  },
  phone: {
    options: {
      viewport: VIEWPORTS.phone,
      userAgent: USER_AGENTS.iphoneSafari,
      isMobile: true,
      hasTouch: true,
    },
    login: 'mobile-login',
    width: VIEWPORTS.phone.width,
  },
} as const;

const WORDS = {
  'zh-CN': { have: '试用已获批？', link: '试用登录', apply: '申请试用' },
  'en-US': { have: 'Trial approved?', link: 'Trial sign-in', apply: 'Apply for a trial' },
} as const;

/** The link's box lies inside the viewport's width and does not overlap the trial-application link. */
async function expectLinksInPlace(page: Page, width: number) {
  const trial = await page.getByTestId('login-trial-link').boundingBox();
  const apply = await page.locator('a[href="#/applyTrial"]').boundingBox();
  if (!trial || !apply) throw new Error('a trial link is not on the page');
  expect(trial.x).toBeGreaterThanOrEqual(0);
  expect(trial.x + trial.width).toBeLessThanOrEqual(width);
  // A line each: the sign-in's line starts below the application's.
  expect(trial.y).toBeGreaterThanOrEqual(apply.y + apply.height - 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('the login links the trial sign-in (/trial) while the trial module is on', () => {
  let browser: Browser;
  let off: ServerProcess;

  beforeAll(async () => {
    browser = await launchBrowser();
    off = await startTestServer({ env: { MODULE_REGISTER: 'false' } });
  });
  afterAll(async () => {
    await browser?.close();
    await off?.stop();
  });

  for (const shell of ['desktop', 'phone'] as const) {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      it(`${shell} ${locale}: the link sits under 'Apply for a trial' and opens the trial sign-in`, async () => {
        const { options, login, width } = SHELLS[shell];
        const words = WORDS[locale];
        const page = await openPage(browser, { ...options, locale }, url);
        await page.goto(`${url}/#/login`);
        await page.getByTestId(login).waitFor();
        const link = page.getByTestId('login-trial-link');
        await link.waitFor();
        expect(await link.textContent()).toBe(words.link);
        await page.getByText(words.have).waitFor();
        await page.getByText(words.apply).waitFor();
        await expectLinksInPlace(page, width);
        await link.scrollIntoViewIfNeeded();
        await screenshot(page, `login-trial-link-${shell}-${locale}`);

        await link.click();
        await page.waitForURL(/#\/trial$/);
        await page.getByTestId('trial-signin-mobile').waitFor();
        await screenshot(page, `login-trial-link-target-${shell}-${locale}`);
        await page.context().close();
      });
    }
  }

  it('shows neither trial link, and /trial is the 404 page, while the module is off (desktop and phone)', async () => {
    for (const shell of ['desktop', 'phone'] as const) {
      const { options, login } = SHELLS[shell];
      const page = await openPage(browser, { ...options, locale: 'en-US' }, off.url);
      await page.goto(`${off.url}/#/login`);
      await page.getByTestId(login).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('login-trial-link').count()).toBe(0);
      expect(await page.locator('a[href="#/applyTrial"]').count()).toBe(0);
      await screenshot(page, `login-trial-link-off-${shell}-en-US`);
      await page.goto(`${off.url}/#/trial`);
      await page.getByText('Sorry, the page you visited does not exist.').waitFor();
      expect(await page.getByTestId('trial-signin-mobile').count()).toBe(0);
      await page.context().close();
    }
  });
});
