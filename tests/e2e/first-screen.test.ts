import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { pageSettled } from './page-settled';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const PASSWORD = 'First#Screen-2026-heron';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

const SHELLS = [
  { name: 'desktop', context: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome } },
  { name: 'phone', context: { viewport: VIEWPORTS.phone, userAgent: USER_AGENTS.iphoneSafari } },
] as const;
const LANGUAGES = ['zh-CN', 'en-US'] as const;

/** The guided tour of the card home, on either shell, when it is on screen. */
const tourShown = (page: Page) =>
  page.locator('.ant-tour, [data-testid="work-table-tour"]').filter({ visible: true }).count();

async function signIn(page: Page, account: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
}

/** Whether two boxes on the page overlap. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the first screen after the first sign-in: one overlay at a time', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const shell of SHELLS) {
    for (const language of LANGUAGES) {
      it(`${shell.name}, ${language}: the security notice first, then the guided tour, then the bubble`, async () => {
        const account = `admin-${shell.name}-${language.toLowerCase()}@first-screen.test`;
        await cli(
          'org:create',
          '--name',
          `First Screen ${shell.name} ${language}`,
          '--admin',
          account,
          '--password',
          PASSWORD,
          '--products',
          'ELN,CIMS',
        );
        const page = await openPage(browser, { ...shell.context, locale: language }, url, {
          securityNotice: true,
          workTable: true,
        });
        await signIn(page, account);
        await page.getByTestId('my-apps').waitFor();
        const notice = page.getByTestId('security-notice').filter({ visible: true });
        await notice.waitFor();
        // The home and its settings have arrived (the cards are drawn): the tour waits for the notice.
        await page.getByTestId('my-apps').locator('[data-testid^="product-card-"]').first().waitFor();
        expect(await tourShown(page)).toBe(0);
        await screenshot(page, `first-screen-${shell.name}-${language}-1-notice`);

        await page.getByTestId('security-notice-ok').click();
        await notice.waitFor({ state: 'hidden' });
        await expect.poll(() => tourShown(page)).toBe(1);
        expect(await page.getByTestId('security-notice').filter({ visible: true }).count()).toBe(0);
        await pageSettled(page); // the tour's opening animation, for the picture
        await screenshot(page, `first-screen-${shell.name}-${language}-2-tour`);
        if (shell.name === 'desktop') {
          await page.locator('.ant-tour-close').filter({ visible: true }).click();
        } else {
          await page.getByTestId('tour-skip').click();
        }
        await expect.poll(() => tourShown(page)).toBe(0);
        await screenshot(page, `first-screen-${shell.name}-${language}-3-home`);

        if (shell.name === 'desktop') {
          // The personal centre's bubble comes last, and leaves the page's heading readable.
          await page.goto(`${url}/#/layout/info`);
          const bubble = page.getByTestId('tour-personal-center');
          await bubble.waitFor();
          const heading = page.locator('.ant-card-head-title').first();
          await heading.waitFor();
          const [bubbleBox, headingBox] = await Promise.all([
            page.locator('.tour-bubble').filter({ visible: true }).boundingBox(),
            heading.boundingBox(),
          ]);
          await screenshot(page, `first-screen-${shell.name}-${language}-4-bubble`);
          expect(bubbleBox && headingBox && overlap(bubbleBox, headingBox)).toBe(false);
          // Nor does it cover any of the header's tabs: the products beside it, the user menu.
          const tabs = page.locator(
            'header a, header [data-testid^="header-product-"], header [data-testid="header-products"] li, header .ant-dropdown-trigger',
          );
          const tabBoxes = await Promise.all(
            (await tabs.filter({ visible: true }).all()).map((tab) => tab.boundingBox()),
          );
          expect(tabBoxes.length).toBeGreaterThan(3);
          const covered = tabBoxes.filter((box) => box && bubbleBox && overlap(bubbleBox, box));
          expect(covered).toEqual([]);
        }
        await page.context().close();
      });
    }
  }
});
