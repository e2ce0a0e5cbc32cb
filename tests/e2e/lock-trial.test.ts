import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { codeFromOutbox } from './outbox';

const PASSWORD = 'Lock#Trial2026-kestrel';

const shells: Array<{ name: 'desktop' | 'phone'; context: BrowserContextOptions }> = [
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
];
const languages = ['zh-CN', 'en-US'] as const;

describe('screen lock and trial sign-in', () => {
  let server: ServerProcess;
  let browser: Browser;

  async function cli(...args: string[]): Promise<string> {
    return operatorCli(server.dataDir)(...args);
  }

  beforeAll(async () => {
    server = await startTestServer({
      env: { SMTP_URL: '', SMS_WEBHOOK_URL: '', SCREEN_LOCK_IDLE_MINUTES: '1' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Signs in on the login page, and switches the account to `language` through the API the menus use. */
  async function signIn(page: Page, account: string, language: string) {
    await page.goto(`${server.url}/#/login`);
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await expect.poll(() => new URL(page.url()).hash, { timeout: 20_000 }).toBe('#/cardModeIndex');
    await page.getByTestId('my-apps').waitFor();
    // An account that never chose a language follows the browser's, which may already be `language`.
    if (language !== 'zh-CN' && !(await page.getByText('My Apps').first().isVisible())) {
      await page.getByTestId('user-menu').click();
      if (page.viewportSize()!.width > 800) await page.getByText('语言').hover();
      await page.getByTestId(`menu-lang-${language}`).click();
      await page.getByText('My Apps').first().waitFor();
    }
  }

  describe.each(shells)('$name', (shell) => {
    it.each(languages)(
      'locks after the idle time, holds across a reload, unlocks with the password (%s)',
      async (language) => {
        const account = `lock-${shell.name}-${language}@lock.test`.toLowerCase();
        await cli(
          'org:create',
          '--name',
          `Lock ${shell.name} ${language}`,
          '--admin',
          account,
          '--password',
          PASSWORD,
          '--products',
          'ELN',
        );
        const page = await openPage(browser, { ...shell.context, locale: language }, server.url);
        await signIn(page, account, language);
        // The page's clock from here on is the test's: a reload starts the idle watch on it.
        await page.clock.install();
        await page.reload();
        await page.getByTestId('my-apps').waitFor();
        const tag = `lock-${shell.name}-${language}`;

        // A minute and more without a touch: the portal locks and shows /lock.
        await page.clock.fastForward('01:15');
        await expect.poll(() => new URL(page.url()).hash, { timeout: 20_000 }).toBe('#/lock');
        await page.getByTestId('lock-page').waitFor();
        await screenshot(page, `${tag}-1-locked`);

        // The server holds the lock: a reload comes back to /lock.
        await page.goto(`${server.url}/#/cardModeIndex`);
        await page.reload();
        await page.getByTestId('lock-page').waitFor();
        expect(new URL(page.url()).hash).toBe('#/lock');

        await page.locator('#lock-password').fill('not-the-password');
        await page.getByTestId('lock-unlock').click();
        await page.getByTestId('lock-problem').waitFor();
        expect(await page.getByTestId('lock-problem').textContent()).toMatch(
          language === 'zh-CN' ? /密码输入错误/ : /Password input wrong/,
        );
        await screenshot(page, `${tag}-2-wrong-password`);

        await page.locator('#lock-password').fill(PASSWORD);
        await page.getByTestId('lock-unlock').click();
        await expect.poll(() => new URL(page.url()).hash, { timeout: 20_000 }).toBe('#/cardModeIndex');
        await page.getByTestId('my-apps').waitFor();

        // From /lock the user can also sign out.
        await page.goto(`${server.url}/#/lock`);
        await page.getByTestId('lock-page').waitFor();
        await page.getByTestId('lock-sign-out').click();
        await expect.poll(() => new URL(page.url()).hash, { timeout: 20_000 }).toBe('#/login');
        await page.context().close();
      },
    );
  });

  /** Applies for a trial on the desktop form with a code from the outbox; the operator approves it. */
  async function approvedTrial(mobile: string, name: string): Promise<string> {
    const page = await openPage(browser, { ...shells[0].context, locale: 'zh-CN' }, server.url);
    await page.goto(`${server.url}/#/applyTrial`);
    await page.locator('#trial-name').fill(name);
    await page.locator('#trial-mobilePhone').fill(mobile);
    const since = server.output.length;
    await page.getByTestId('trial-send').click();
    await page.locator('#trial-verificationCode').fill(await codeFromOutbox(server, mobile, since));
    await page.locator('#trial-email').fill(`${mobile}@example.test`);
    await page.locator('#trial-company').fill(`${name} Co`);
    await page.getByTestId('trial-industry').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText('医药').click();
    await page.getByTestId('trial-product').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(/^ELN$/).click();
    await page.getByTestId('trial-agree').check();
    await page.getByTestId('trial-submit').click();
    await page.getByTestId('reg-flow-done').waitFor();
    await page.context().close();
    const listed = await cli('trial:list', '--status', 'pending');
    const id = new RegExp(`#(\\d+)\\t[^\\n]*${mobile}`).exec(listed)![1];
    await cli('trial:approve', '--id', id);
    return id;
  }

  /** Fills /trial with the number, a code from the outbox and the tick, and submits. */
  async function trialSignIn(page: Page, mobile: string, tag: string) {
    await page.goto(`${server.url}/#/trial`);
    await page.getByTestId('trial-signin-page').waitFor();
    await page.getByTestId('trial-signin-submit').click();
    await page.getByTestId('trial-signin-mobilePhone-error').waitFor();
    await screenshot(page, `${tag}-1-form`);
    await page.locator('#trial-signin-mobile').fill(mobile);
    const since = server.output.length;
    await page.getByTestId('trial-signin-send').click();
    await page.locator('#trial-signin-code').fill(await codeFromOutbox(server, mobile, since));
    // The box itself: the words beside it link to the agreement and the privacy policy.
    const agree = page.getByTestId('trial-signin-agree');
    if (page.viewportSize()!.width < 800) await agree.locator('.adm-checkbox-icon').click();
    else await agree.check();
    await screenshot(page, `${tag}-2-filled`);
    await page.getByTestId('trial-signin-submit').click();
  }

  const combos = [
    { shell: shells[0], running: 'zh-CN', over: 'en-US', mobiles: ['13855550001', '13855550002'] },
    { shell: shells[1], running: 'en-US', over: 'zh-CN', mobiles: ['13855550003', '13855550004'] },
  ] as const;

  it.each(combos)(
    'trial sign-in on $shell.name: the demo site while it runs, SPEC §8 once it is over',
    async ({ shell, running, over, mobiles }) => {
      await approvedTrial(mobiles[0], `Running ${shell.name}`);
      const overId = await approvedTrial(mobiles[1], `Over ${shell.name}`);
      await cli('trial:extend', '--id', overId, '--days', '0');

      const page = await openPage(browser, { ...shell.context, locale: running }, server.url);
      const tag = `trial-signin-${shell.name}-${running}`;
      await trialSignIn(page, mobiles[0], tag);
      // The demo site: the trial's organisation and end, its products' demos, the way out.
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/demo-site');
      await page.locator('a[href="demo-product/ELN"]').waitFor();
      await screenshot(page, `${tag}-3-demo-site`);
      // The portal itself sends a trial sign-in back to the demo site.
      await page.goto(`${server.url}/#/cardModeIndex`);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/demo-site');
      // The way out: /trial shows the running trial with sign-out.
      await page.goto(`${server.url}/#/trial`);
      await page.getByTestId('trial-signin-running').waitFor();
      await screenshot(page, `${tag}-4-running`);
      await page.getByTestId('trial-signin-sign-out').click();
      await page.getByTestId('trial-signin-submit').waitFor();
      await page.context().close();

      const late = await openPage(browser, { ...shell.context, locale: over }, server.url);
      const overTag = `trial-signin-${shell.name}-${over}`;
      await trialSignIn(late, mobiles[1], overTag);
      await late.getByTestId('trial-signin-expired').waitFor();
      expect(await late.getByTestId('trial-signin-expired').textContent()).toMatch(
        over === 'zh-CN'
          ? /您的账号已超过试用期，请联系客服/
          : /exceeded the trial period, please contact customer service/,
      );
      await screenshot(late, `${overTag}-3-expired`);
      await late.context().close();
    },
  );
});
