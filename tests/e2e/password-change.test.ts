import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

/** A new organisation's administrator whose password an operator has just reset: it must be changed. */
async function accountWithOneTimePassword(account: string): Promise<string> {
  await cli('org:create', '--name', `Forced change ${account}`, '--admin', account, '--products', 'ELN');
  const printed = await cli('account:reset-password', account);
  const password = /password: (\S+)/.exec(printed)?.[1];
  if (!password) throw new Error(`no one-time password in:\n${printed}`);
  return password;
}

const shells = [
  {
    name: 'desktop',
    context: { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
    field: (page: Page, id: string) => page.getByTestId(id),
    commonMessage: '密码不符合最低安全要求：与常用密码过于相似',
  },
  {
    name: 'phone',
    context: {
      viewport: VIEWPORTS.phone,
      userAgent: USER_AGENTS.iphoneSafari,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    },
    field: (page: Page, id: string) => page.locator(`#${id}`),
    commonMessage: '密码不符合最低安全要求：与常用密码过于相似',
  },
] as const;

describe.each(shells)('$name: a one-time password must be changed before anything else', (shell) => {
  let browser: Browser;
  let page: Page;
  const account = `forced-${shell.name}@forced.test`;
  let oneTime = '';

  beforeAll(async () => {
    [browser, oneTime] = await Promise.all([launchBrowser(), accountWithOneTimePassword(account)]);
    page = await openPage(browser, shell.context, url);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lands on the password change right after sign-in, and says why', async () => {
    await page.goto(`${url}/#/login`);
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(oneTime);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('modify-password').waitFor();
    expect(new URL(page.url()).hash).toBe('#/modifyPsw');
    await expect.poll(() => page.getByTestId('modify-password-reason').textContent()).toContain('初始密码');
    await screenshot(page, `${shell.name}-modify-password-zh`);
  });

  it('cannot reach the card home until the password is changed', async () => {
    await page.goto(`${url}/#/cardModeIndex`);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/modifyPsw');
    await page.getByTestId('modify-password').waitFor();
  });

  it('says live why a password is guessable, and refuses it with the message, in either language', async () => {
    await shell.field(page, 'old-password').fill(oneTime);
    await shell.field(page, 'new-password').fill('123456789012345');
    // The estimator's chunk loads with this page; its feedback follows the typing.
    await expect
      .poll(() => page.getByTestId('password-feedback').textContent())
      .toContain(shell.commonMessage);
    await shell.field(page, 'confirm-password').fill('123456789012345');
    await page.getByTestId('modify-password-submit').click();
    await expect
      .poll(() => page.getByTestId('new-password-error').textContent())
      .toContain(shell.commonMessage);
    await page.getByText('English', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('new-password-error').textContent())
      .toContain(
        'Does not meet minimum security requirements: this is too similar to a commonly used password',
      );
    await screenshot(page, `${shell.name}-modify-password-refused-en`);
    expect(new URL(page.url()).hash).toBe('#/modifyPsw');
  });

  it('changes the password and then reaches the card home', async () => {
    await shell.field(page, 'new-password').fill('Bench top phrase 2026');
    await shell.field(page, 'confirm-password').fill('Bench top phrase 2026');
    await page.getByTestId('modify-password-submit').click();
    await page.getByTestId('my-apps').waitFor();
    expect(new URL(page.url()).hash).toBe('#/cardModeIndex');
    await screenshot(page, `${shell.name}-after-password-change`);
  });
});
