import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { codeFromOutbox } from './outbox';

describe('trial application and registration flow', () => {
  let server: ServerProcess;
  let browser: Browser;

  /** Runs `npm run cli -- ...` against the server's database, as an operator would. */
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

  /**
   * From the login page's link, fills the trial form on one shell with a code from the outbox (first
   * submitting it empty to see every field's problem), photographs it in both languages, submits, and
   * waits for the registration flow's countdown to land on the login.
   */
  async function applyThrough(
    page: Page,
    options: {
      shell: 'desktop' | 'phone';
      mobile: string;
      languages: { first: string; second: string; switchTo: (language: 'first' | 'second') => Promise<void> };
      choose: (testId: 'trial-industry' | 'trial-product', label: RegExp) => Promise<void>;
    },
  ) {
    const shots = async (step: string) => {
      await screenshot(page, `trial-${options.shell}-${options.languages.first}-${step}`);
      await options.languages.switchTo('second');
      await screenshot(page, `trial-${options.shell}-${options.languages.second}-${step}`);
      await options.languages.switchTo('first');
    };
    await page.getByTestId('apply-trial-page').waitFor();
    await shots('1-form');
    await page.getByTestId('trial-submit').click();
    await page.getByTestId('trial-email-error').waitFor();
    await shots('2-problems');

    await page.locator('#trial-name').fill('Li Lei');
    await page.locator('#trial-mobilePhone').fill(options.mobile);
    const since = server.output.length;
    await page.getByTestId('trial-send').click();
    const code = await codeFromOutbox(server, options.mobile, since);
    await expect.poll(() => page.getByTestId('trial-send').textContent()).toMatch(/\d+/);
    await page.locator('#trial-verificationCode').fill(code);
    await page.locator('#trial-email').fill('li.lei@example.test');
    await page.locator('#trial-company').fill(`Example Pharma ${options.shell}`);
    await options.choose('trial-industry', /^(Pharmaceutical|医药)$/);
    await options.choose('trial-product', /^ELN$/);
    await page.locator('#trial-message').fill('We would like to try the notebook.');
    // The box itself: the words beside it link to the agreement and the privacy policy.
    const agree = page.getByTestId('trial-agree');
    if (options.shell === 'phone') await agree.locator('.adm-checkbox-icon').click();
    else await agree.check();
    await shots('3-filled');
    await page.getByTestId('trial-submit').click();

    await page.getByTestId('reg-flow-done').waitFor();
    expect(await page.getByTestId('reg-flow-countdown').textContent()).toMatch(/\d/);
    await screenshot(page, `trial-${options.shell}-${options.languages.first}-4-done`);
    await expect.poll(() => new URL(page.url()).hash, { timeout: 10_000 }).toBe('#/login');
  }

  it('applies on desktop in Chinese from the login link, and an operator approves it', async () => {
    const page = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      server.url,
    );
    await page.goto(server.url);
    await page.getByRole('link', { name: '申请试用' }).click();
    await applyThrough(page, {
      shell: 'desktop',
      mobile: '13712340001',
      languages: {
        first: 'zh',
        second: 'en',
        switchTo: (language) =>
          page
            .locator('.trial-header .ant-segmented-item')
            .getByText(language === 'first' ? '简体中文' : 'English')
            .click(),
      },
      choose: async (testId, label) => {
        await page.getByTestId(testId).click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(label).click();
      },
    });
    const listed = await cli('trial:list', '--status', 'pending');
    expect(listed).toContain('13712340001');
    const id = /#(\d+)\t[^\n]*13712340001/.exec(listed)![1];
    const approved = await cli('trial:approve', '--id', id);
    expect(approved).toMatch(/admin: 13712340001 password: \S+/);
    await page.context().close();
  });

  it('applies on a phone in English, and /register leads to the form', async () => {
    const page = await openPage(
      browser,
      {
        viewport: VIEWPORTS.phone,
        userAgent: USER_AGENTS.iphoneSafari,
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
      },
      server.url,
    );
    await page.goto(`${server.url}/#/register`);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/applyTrial');
    await applyThrough(page, {
      shell: 'phone',
      mobile: '13712340002',
      languages: {
        first: 'en',
        second: 'zh',
        switchTo: (language) =>
          page
            .locator('.m-trial-lang')
            .getByText(language === 'first' ? 'English' : '简体中文')
            .click(),
      },
      choose: (testId, label) => page.getByTestId(testId).getByText(label).click(),
    });
    await page.context().close();
  });
});
