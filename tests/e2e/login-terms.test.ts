import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const PASSWORD = 'Terms#Tick-2026-osprey';
const cli = operatorCli(dataDir);

const SHELLS = [
  { name: 'desktop', context: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome } },
  {
    name: 'phone',
    context: {
      viewport: VIEWPORTS.phone,
      userAgent: USER_AGENTS.iphoneSafari,
      isMobile: true,
      hasTouch: true,
    },
  },
] as const;

/** The test id of the element that has the keyboard focus. */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');

/** Issue 23: the terms tick is remembered per account on a device, and comes before Sign in by keyboard. */
describe('the terms tick on the login page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const shell of SHELLS) {
    it(`${shell.name}: ticked again for an account that agreed on this device; before Sign in in tab order`, async () => {
      const account = `terms-${shell.name}@terms-tick.test`;
      await cli('org:create', '--name', `Terms ${shell.name}`, '--admin', account, '--password', PASSWORD);
      const page = await openPage(browser, { ...shell.context, locale: 'en-US' }, url);
      await page.goto(`${url}/#/login`);
      await page.getByTestId('login-account').fill(account);
      expect(await page.getByTestId('login-agree').isChecked()).toBe(false);
      await page.getByTestId('login-password').fill(PASSWORD);
      // By keyboard from the password: the tick comes before the Sign in button.
      await page.getByTestId('login-password').focus();
      const order: string[] = [];
      for (let step = 0; step < 8 && !order.includes('login-submit'); step += 1) {
        await page.keyboard.press('Tab');
        order.push(await focused(page));
      }
      expect(order).toContain('login-agree');
      expect(order.indexOf('login-agree')).toBeLessThan(order.indexOf('login-submit'));
      await page.getByTestId('login-agree').focus();
      await page.keyboard.press('Space');
      expect(await page.getByTestId('login-agree').isChecked()).toBe(true);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('my-apps').waitFor();

      // Signed out: the same device shows the tick ticked for that account, not for another.
      if (shell.name === 'desktop') await chooseFromUserMenu(page, 'menu-logout');
      else {
        await page.getByTestId('user-menu').click();
        await page.getByTestId('menu-logout').click();
      }
      await page.waitForURL(/#\/login/);
      await page.getByTestId('login-account').fill(`someone-else@terms-tick.test`);
      expect(await page.getByTestId('login-agree').isChecked()).toBe(false);
      await page.getByTestId('login-account').fill(account);
      await expect.poll(() => page.getByTestId('login-agree').isChecked()).toBe(true);
      await screenshot(page, `login-terms-${shell.name}-en-US`);
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('my-apps').waitFor();
      await page.context().close();
    });
  }
});
