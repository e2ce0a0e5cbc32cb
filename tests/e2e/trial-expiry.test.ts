import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { codeFromOutbox } from './outbox';

const WORDS = {
  'zh-CN': { title: '试用已结束', message: '您的账号已超过试用期，请联系客服开通授权' },
  'en-US': {
    title: 'Trial over',
    message:
      'Your account has exceeded the trial period, please contact customer service to open authorisation.',
  },
} as const;

const cases: Array<{
  shell: 'desktop' | 'phone';
  locale: keyof typeof WORDS;
  /** Ten digits; each attempt adds one, so a retried attempt applies with a number not used before. */
  mobilePrefix: string;
  context: BrowserContextOptions;
}> = [
  {
    shell: 'desktop',
    locale: 'zh-CN',
    mobilePrefix: '1386666001',
    context: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome },
  },
  {
    shell: 'phone',
    locale: 'en-US',
    mobilePrefix: '1386666002',
    context: {
      viewport: VIEWPORTS.phone,
      userAgent: USER_AGENTS.iphoneSafari,
      isMobile: true,
      hasTouch: true,
    },
  },
];

describe("a trial organisation's administrator once the trial is over", () => {
  let server: ServerProcess;
  let browser: Browser;
  let attempts = 0;

  const cli = (...args: string[]) => operatorCli(server.dataDir)(...args);

  beforeAll(async () => {
    server = await startTestServer({ env: { SMTP_URL: '', SMS_WEBHOOK_URL: '' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * Applies for a trial on the desktop form in `locale` (the account's language from then on) with a code
   * from the outbox; the operator approves it.
   */
  async function approvedTrial(
    mobile: string,
    locale: keyof typeof WORDS,
  ): Promise<{ id: string; password: string }> {
    const page = await openPage(browser, { ...cases[0].context, locale }, server.url);
    await page.goto(`${server.url}/#/applyTrial`);
    await page.locator('#trial-name').fill(`Expiry ${mobile}`);
    await page.locator('#trial-mobilePhone').fill(mobile);
    const since = server.output.length;
    await page.getByTestId('trial-send').click();
    await page.locator('#trial-verificationCode').fill(await codeFromOutbox(server, mobile, since));
    await page.locator('#trial-email').fill(`${mobile}@example.test`);
    await page.locator('#trial-company').fill(`Expiry ${mobile} Co`);
    await page.getByTestId('trial-industry').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText(locale === 'zh-CN' ? '医药' : 'Pharmaceutical')
      .click();
    await page.getByTestId('trial-product').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(/^ELN$/).click();
    // SPEC §5: the application needs the agreement ticked.
    await page.getByTestId('trial-agree').check();
    await page.getByTestId('trial-submit').click();
    await page.getByTestId('reg-flow-done').waitFor();
    await page.context().close();
    const listed = await cli('trial:list', '--status', 'pending');
    const id = new RegExp(`#(\\d+)\\t[^\\n]*${mobile}`).exec(listed)![1];
    const approved = await cli('trial:approve', '--id', id);
    return { id, password: /password: (\S+)/.exec(approved)![1] };
  }

  async function passwordSignIn(page: Page, mobile: string, password: string) {
    await page.getByTestId('login-account').fill(mobile);
    await page.getByTestId('login-password').fill(password);
    const agree = page.getByTestId('login-agree');
    if (!(await agree.isChecked())) await agree.check();
    await page.getByTestId('login-submit').click();
  }

  it.each(cases)(
    '$shell $locale: the live session ends with the notice, the password is refused, trial:extend lets them back',
    async ({ shell, locale, mobilePrefix, context }) => {
      const words = WORDS[locale];
      const mobile = `${mobilePrefix}${attempts++ % 10}`;
      const { id, password } = await approvedTrial(mobile, locale);
      const page = await openPage(browser, { ...context, locale }, server.url);
      await page.goto(`${server.url}/#/login`);
      await passwordSignIn(page, mobile, password);
      // The one-time password must be changed first: the session is live all the same.
      await page.waitForURL(/#\/modifyPsw/);

      // No page of the portal runs while the trial is ended: a request of its own (still loading the
      // page's data on a busy machine) would meet the ended trial first and show the notice, which the
      // next load then rightly no longer shows. The session cookie stays, and the next visit ends it.
      await page.goto('about:blank');
      await cli('trial:extend', '--id', id, '--days', '0');
      await page.goto(`${server.url}/#/modifyPsw`);
      await page.waitForURL(/#\/login/);
      // The notice speaks the browser's language: a trial account has not chosen one of its own.
      await page.getByText(words.title, { exact: true }).waitFor();
      await page.getByText(words.message).first().waitFor();
      await screenshot(page, `trial-expiry-${shell}-1-signed-out`);
      if (locale === 'en-US') {
        await page.getByRole('button', { name: 'English' }).click();
        await page.getByText('Trial approved?').waitFor();
      }

      await passwordSignIn(page, mobile, password);
      // The refusal in the page's words, and no session.
      // The notice above the form says it too: the toast makes a second one.
      // The answer waits for a password hash: wait for the toast itself, then for the button to settle.
      await page.getByText(words.message).nth(1).waitFor();
      await page.locator('[data-testid="login-submit"][aria-busy="false"]').waitFor();
      await screenshot(page, `trial-expiry-${shell}-${locale}-2-refused`);
      expect(new URL(page.url()).hash).toBe('#/login');

      await cli('trial:extend', '--id', id, '--days', '3');
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/#\/modifyPsw/);
      await page.context().close();
    },
    120_000,
  );
});
