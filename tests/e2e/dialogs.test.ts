import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../domain/i18n';
import { animationsDone, clickUntil, launchBrowser, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { pageSettled } from './page-settled';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';
import { openSignedInPage } from './signed-in';

const { url, dataDir } = sharedServer();
const PASSWORD = 'Dialogs#E2E-2026';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

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

/**
 * /noAuth and the reusable confirm box in a browser, desktop and phone, Chinese and English: the page a
 * member meets for a product they are not licensed for (here its help document) with its way home, and
 * revoking the organisation's push keys through the confirm box.
 */
describe('not-authorised page and confirm box', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * A fresh page signed in already (the dialogs are not about the sign-in), on the card home where a
   * sign-in lands, the account switched to `language` through the user menu.
   */
  async function openSignedIn(options: BrowserContextOptions, account: string, language: string) {
    const page = await openSignedInPage(browser, options, url, { account, password: PASSWORD });
    await page.goto(`${url}/#/cardModeIndex`);
    await page.getByTestId('my-apps').waitFor();
    // An account that never chose a language follows the browser's, which may already be `language`.
    if (language !== 'zh-CN' && !(await page.getByText('My Apps').first().isVisible())) {
      await page.getByTestId('user-menu').click();
      if (page.viewportSize()!.width > 800) await page.getByText('语言').hover();
      await page.getByTestId(`menu-lang-${language}`).click();
      await page.getByText('My Apps').first().waitFor();
    }
    return page;
  }

  describe.each(shells)('$name', (shell) => {
    it.each(languages)('sends an unlicensed product to /noAuth with the way home (%s)', async (language) => {
      const account = `noauth-${shell.name}-${language}@dialogs.test`.toLowerCase();
      await cli(
        'org:create',
        '--name',
        `NoAuth ${shell.name} ${language}`,
        '--admin',
        account,
        '--password',
        PASSWORD,
        '--products',
        'ELN',
      );
      const page = await openSignedIn({ ...shell.context, locale: language }, account, language);
      // LIMS is not licensed to this organisation: its help document is not for this member.
      await page.goto(`${url}/#/lims/guide/start`);
      await page.waitForURL(/#\/noAuth$/);
      const notice = page.getByTestId('no-auth');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(translate(language, 'status.noAuthTitle'));
      expect(await notice.textContent()).toContain(translate(language, 'status.noAuth'));
      await screenshot(page, `dialogs-no-auth-${shell.name}-${language}`);
      await notice.getByRole('button').click();
      await page.waitForURL(/#\/cardModeIndex$/);
      await page.context().close();
    });

    it.each(languages)('revokes the push keys through the confirm box (%s)', async (language) => {
      const account = `confirm-${shell.name}-${language}@dialogs.test`.toLowerCase();
      const printed = await cli(
        'org:create',
        '--name',
        `Confirm ${shell.name} ${language}`,
        '--admin',
        account,
        '--password',
        PASSWORD,
        '--products',
        'ELN',
      );
      const orgId = /organisation (\d+) created/.exec(printed)?.[1];
      if (!orgId) throw new Error(`no organisation id in:\n${printed}`);
      await cli('org:openness', '--org', orgId, '--grant');
      const page = await openSignedIn({ ...shell.context, locale: language }, account, language);
      await page.goto(`${url}/#/layout/messagePush`);
      const keys = page.getByTestId('push-keys');
      await keys.waitFor();
      await keys.getByText(translate(language, 'messagePush.screen.keys.issue'), { exact: true }).click();
      // The key's box is closed once it has finished opening (a click during its zoom can miss the
      // moving button on a busy machine), and the page is used again once the box has gone.
      const newKey = page.getByTestId('push-key-new');
      await newKey.waitFor();
      await animationsDone(page);
      await clickUntil(page.getByTestId('push-key-done'), async () => !(await newKey.isVisible()));
      await page.waitForFunction(
        () => !document.querySelector('.ant-modal-wrap:not([style*="display: none"])'),
      );
      await keys.getByText(translate(language, 'messagePush.screen.keys.revoke'), { exact: true }).click();
      const question = page.getByText(translate(language, 'messagePush.screen.keys.revokeConfirm'));
      await question.waitFor();
      // Let the box finish fading in, so the screenshot shows it as people see it.
      await pageSettled(page);
      await screenshot(page, `dialogs-confirm-${shell.name}-${language}`);
      const confirm =
        shell.name === 'desktop'
          ? page.getByTestId('push-key-confirm-confirm')
          : page.locator('.m-dialog-confirm');
      await confirm.click();
      await question.waitFor({ state: 'hidden' });
      await keys.getByText(translate(language, 'messagePush.screen.keys.none')).first().waitFor();
      await page.context().close();
    });
    it.each(languages)('moves a member through the submit modal (%s)', async (language) => {
      if (shell.name === 'phone') return; // the members screen is desktop only (SPEC §2)
      const account = `submit-${language}@dialogs.test`.toLowerCase();
      await cli(
        'org:create',
        '--name',
        `Submit ${language}`,
        '--admin',
        account,
        '--password',
        PASSWORD,
        '--products',
        'ELN',
      );
      const page = await openSignedIn({ ...shell.context, locale: language }, account, language);
      await page.goto(`${url}/#/layout/member`);
      await page.getByTestId('members').waitFor();
      await page.getByRole('row').filter({ hasText: account }).locator('input[type=checkbox]').check();
      await page.getByRole('button', { name: translate(language, 'members.actions.changeDept') }).click();
      const submit = page.getByTestId('member-move-submit');
      await submit.waitFor();
      await pageSettled(page); // the modal fades in
      await screenshot(page, `dialogs-submit-${language}`);
      await submit.click();
      await expect.poll(() => page.getByTestId('member-move').getAttribute('data-phase')).toBe('success');
      await screenshot(page, `dialogs-submitted-${language}`);
      await submit.waitFor({ state: 'hidden' });
      await page.context().close();
    });
  });
});
