import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIGNING_KEY } from '../../server/core/config';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { signedHeaders } from '../helpers/signed-headers';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { pageSettled } from './page-settled';

const PASSWORD = 'Work#Table2026-kestrel';
/** The title of the tour's last step for an administrator, by language. */
const ADMINISTRATION = { 'zh-CN': '管理后台', 'en-US': 'Administration' } as const;

const shells: Array<{
  name: 'desktop' | 'phone';
  first: 'zh-CN' | 'en-US';
  context: BrowserContextOptions;
}> = [
  {
    name: 'desktop',
    first: 'zh-CN',
    context: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome },
  },
  {
    name: 'phone',
    first: 'en-US',
    context: {
      viewport: VIEWPORTS.phone,
      userAgent: USER_AGENTS.iphoneSafari,
      isMobile: true,
      hasTouch: true,
    },
  },
];

describe('work table', () => {
  let server: ServerProcess;
  let browser: Browser;

  async function cli(...args: string[]): Promise<string> {
    return operatorCli(server.dataDir)(...args);
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { SMTP_URL: '', SMS_WEBHOOK_URL: '' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const firstCard = (page: Page, section: 'my-apps' | 'more-apps') =>
    page.getByTestId(section).locator('[data-testid^="product-card-"]').first().getAttribute('data-testid');

  /** Sets the account's language as the user menu does (setCurLang), from a sign-in of its own. */
  async function setAccountLanguage(account: string, language: string) {
    const signed = () => ({
      ...signedHeaders(DEFAULT_SIGNING_KEY, Date.now()),
      'content-type': 'application/json',
    });
    const login = await fetch(`${server.url}/api/account/loginV2`, {
      method: 'POST',
      headers: signed(),
      body: JSON.stringify({ account, password: PASSWORD, agreed: true }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const answer = await fetch(`${server.url}/api/account/setCurLang/${language}`, {
      method: 'POST',
      headers: { ...signed(), cookie },
      body: '{}',
    });
    expect(answer.status).toBe(200);
  }

  it.each(shells)(
    '$name: My Apps and More Apps with enter, detail and settings, and a one-time tour',
    async (shell) => {
      const account = `table-${shell.name}@table.test`;
      await cli(
        'org:create',
        '--name',
        `Table ${shell.name}`,
        '--admin',
        account,
        '--password',
        PASSWORD,
        '--products',
        'ELN,CIMS',
      );
      const second = shell.first === 'zh-CN' ? 'en-US' : 'zh-CN';
      await setAccountLanguage(account, shell.first);
      const page = await openPage(browser, { ...shell.context, locale: shell.first }, server.url, {
        workTable: true,
      });
      await page.goto(`${server.url}/#/login`);
      await page.getByTestId('login-account').fill(account);
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-agree').check();
      await page.getByTestId('login-submit').click();
      await page.getByTestId('my-apps').waitFor();
      const tag = `work-table-${shell.name}`;

      // The guided tour, step by step, once.
      if (shell.name === 'desktop') {
        await page.locator('.ant-tour').waitFor();
        await pageSettled(page); // the tour's opening animation
        await screenshot(page, `${tag}-${shell.first}-1-tour`);
        for (let step = 0; step < 3; step += 1) await page.locator('.ant-tour-next-btn').click();
        // An administrator's last step points at the user menu, the way into the administration.
        await page.locator('.ant-tour-title').getByText(ADMINISTRATION[shell.first]).waitFor();
        await page.locator('.ant-tour-next-btn').click();
        await page.locator('.ant-tour').waitFor({ state: 'hidden' });
      } else {
        await page.getByTestId('work-table-tour').waitFor();
        await pageSettled(page); // the tour's opening animation
        await screenshot(page, `${tag}-${shell.first}-1-tour`);
        for (let step = 0; step < 3; step += 1) await page.getByTestId('tour-next').click();
        await page.getByTestId('work-table-tour').getByText(ADMINISTRATION[shell.first]).first().waitFor();
        await page.getByTestId('tour-next').click();
        await page.getByTestId('work-table-tour').waitFor({ state: 'hidden' });
      }
      // The tour opens only once the member's work-table settings have arrived: wait for them to be
      // answered and drawn, then the tour must not have come back.
      const settingsAnswered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/workTable/settings',
      );
      await page.reload();
      await page.getByTestId('my-apps').waitFor();
      await settingsAnswered;
      await pageSettled(page);
      expect(await page.locator('.ant-tour, [data-testid="work-table-tour"]').count()).toBe(0);
      expect(await firstCard(page, 'my-apps')).toBe('product-card-ELN');
      await screenshot(page, `${tag}-${shell.first}-2-home`);

      // Detail of a product the member is not licensed for: its address from Platform/WebUrls?isAll.
      const more = (await firstCard(page, 'more-apps'))!.replace('product-card-', '');
      if (shell.name === 'desktop') await page.getByTestId(`app-detail-${more}`).click();
      else await page.getByTestId(`product-card-${more}`).click();
      await expect
        .poll(() => page.getByTestId('app-detail-url').textContent())
        .toMatch(/^https?:\/\/|\/demo-product\//);
      await pageSettled(page); // the dialog's opening animation
      await screenshot(page, `${tag}-${shell.first}-3-detail`);
      if (shell.name === 'desktop') await page.keyboard.press('Escape');
      else await page.getByTestId('app-detail').getByRole('button').click();
      await page.getByTestId('app-detail').waitFor({ state: 'hidden' });

      // Settings: pin CIMS to the top of My Apps, hide ELN, then show it again.
      const act = async (code: string, item: 'pin' | 'hide') => {
        if (shell.name === 'desktop') {
          await page.getByTestId(`app-setting-${code}`).click();
          await page.getByTestId(`app-${item}-${code}`).click();
        } else {
          await page.getByTestId(`app-more-${code}`).click();
          const words = item === 'pin' ? /^(置顶|Pin to top)$/ : /^(在工作台隐藏|Hide from the work table)$/;
          await page.locator('.adm-action-sheet-button-item').getByText(words).click();
        }
      };
      await act('CIMS', 'pin');
      await expect.poll(() => firstCard(page, 'my-apps')).toBe('product-card-CIMS');
      await act('ELN', 'hide');
      await page.getByTestId('hidden-apps').waitFor();
      expect(await page.getByTestId('product-card-ELN').count()).toBe(0);
      await pageSettled(page); // the sheet's closing animation and the toast
      await screenshot(page, `${tag}-${shell.first}-4-pinned-hidden`);

      // The other language: the same arrangement, kept by the server.
      await setAccountLanguage(account, second);
      await page.reload();
      await page
        .getByText(second === 'zh-CN' ? '我的应用' : 'My Apps')
        .first()
        .waitFor();
      await page.getByTestId('hidden-apps').waitFor();
      expect(await firstCard(page, 'my-apps')).toBe('product-card-CIMS');
      await screenshot(page, `${tag}-${second}-4-pinned-hidden`);
      await page.getByTestId('hidden-apps').click();
      if (shell.name === 'desktop') await page.getByTestId('app-show-ELN').click();
      else
        await page
          .locator('.adm-action-sheet-button-item')
          .getByText(/ELN|电子/)
          .click();
      await page.getByTestId('product-card-ELN').waitFor();
      if (shell.name === 'desktop') await page.getByTestId(`app-detail-ELN`).click();
      else {
        await page.getByTestId('app-more-ELN').click();
        await page
          .locator('.adm-action-sheet-button-item')
          .getByText(/^(详情|Detail)$/)
          .click();
      }
      await page.getByTestId('app-detail').waitFor();
      await pageSettled(page); // the dialog's opening animation
      await screenshot(page, `${tag}-${second}-3-detail`);
      await page.context().close();
    },
  );
});
