import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIGNING_KEY } from '../../server/core/config';
import { signedHeaders } from '../helpers/signed-headers';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';
import { openSignedInPage } from './signed-in';

const { url, dataDir } = sharedServer();
const ADMIN = 'admin@esign-e2e.test';
const MEMBER = 'member@esign-e2e.test';
const ADMIN_PASSWORD = 'Es#Admin-2026-pass';
const MEMBER_PASSWORD = 'Es#Member-2026x';
const SIGNATURE = 'Sign#2026-ok';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

const desktop = { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' };
const phone = {
  viewport: VIEWPORTS.phone,
  userAgent: USER_AGENTS.iphoneSafari,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
};

async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
}

/** A fresh page signed in already, on the card home (the signature screens are not about the sign-in). */
async function openHome(browser: Browser, options: BrowserContextOptions, account: string, password: string) {
  const page = await openSignedInPage(browser, options, url, { account, password });
  await page.goto(`${url}/#/cardModeIndex`);
  return page;
}

/** The signed-in account's id, from the readable AccountInfo cookie (display data only). */
const accountIdOf = (page: Page) =>
  page.evaluate(() => {
    const raw = document.cookie
      .split('; ')
      .find((part) => part.startsWith('AccountInfo='))
      ?.slice('AccountInfo='.length);
    return (JSON.parse(decodeURIComponent(raw ?? '{}')) as { ID?: number }).ID ?? 0;
  });

/** A signed POST made by the page with its session cookie, as a product's call would be. */
const postFromPage = (page: Page, path: string, body: object) =>
  page.evaluate(
    async ({ target, headers, payload }) => {
      const answer = await fetch(target, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: answer.status, body: await answer.text() };
    },
    { target: path, headers: signedHeaders(DEFAULT_SIGNING_KEY, Date.now()), payload: body },
  );

/** Dismisses the personal centre's one-step tour bubble (shown until dismissed), so it covers no title. */
async function closeTour(page: Page): Promise<void> {
  const close = page.getByTestId('tour-close');
  await close.waitFor({ timeout: 5000 }).then(
    () => close.click(),
    () => undefined,
  );
}

describe('electronic signature', () => {
  let browser: Browser;
  let admin: Page;
  let member: Page;
  let orgId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await cli(
      'org:create',
      '--name',
      '签名实验室',
      '--admin',
      ADMIN,
      '--password',
      ADMIN_PASSWORD,
    );
    orgId = /organisation (\d+) created/.exec(created)?.[1] ?? '';
    const added = await cli('member:add', MEMBER, '--org', orgId, '--name', '赵六');
    const initial = /password: (\S+)/.exec(added)?.[1] ?? '';

    member = await openPage(browser, desktop, url);
    await signIn(member, MEMBER, initial);
    await member.getByTestId('modify-password').waitFor();
    await member.getByTestId('old-password').fill(initial);
    await member.getByTestId('new-password').fill(MEMBER_PASSWORD);
    await member.getByTestId('confirm-password').fill(MEMBER_PASSWORD);
    await member.getByTestId('modify-password-submit').click();
    await member.getByTestId('my-apps').waitFor();

    // The tests open their screens from the address bar: no need for the home first.
    admin = await openSignedInPage(browser, desktop, url, { account: ADMIN, password: ADMIN_PASSWORD });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('desktop zh-CN: the administrator sets the strength, minimum length and same-as-login', async () => {
    await admin.goto(`${url}/#/layout/systemSetting?tab=esign`);
    await admin.getByTestId('esign-settings').waitFor();
    await closeTour(admin);
    await admin.getByRole('radio', { name: '强：字母、数字和特殊字符' }).check();
    await admin.getByTestId('esign-min-length').fill('8');
    await admin.getByTestId('esign-same-as-login').click();
    await admin.getByTestId('esign-save').click();
    await admin.getByText('保存成功').waitFor();
    await screenshot(admin, 'esign-settings-zh-CN');
    expect(await cli('esign:settings', '--org', orgId)).toContain(
      'strength strong; minimum length 8; same as login password allowed',
    );
  });

  it('desktop zh-CN: the member proves the login password, is refused the login password as signature, then sets one', async () => {
    await member.goto(`${url}/#/layout/signature`);
    await member.getByTestId('signature').waitFor();
    await closeTour(member);
    await member.getByTestId('signature-mode').getByText('未设置签名密码').waitFor();
    await member.getByTestId('signature-start').click();
    await member.getByTestId('signature-login-password').fill('not-my-password');
    await member.getByTestId('signature-next').click();
    await member.getByTestId('signature-login-password-error').waitFor();
    await member.getByTestId('signature-login-password').fill(MEMBER_PASSWORD);
    await member.getByTestId('signature-next').click();

    await member.getByTestId('signature-password').fill(MEMBER_PASSWORD);
    await member.getByTestId('signature-confirm').fill(MEMBER_PASSWORD);
    await member.getByTestId('signature-next').click();
    await member.getByTestId('signature-password-error').getByText('输入值与登录密码相同').waitFor();
    await screenshot(member, 'esign-signature-refused-zh-CN');

    await member.getByTestId('signature-password').fill(SIGNATURE);
    await member.getByTestId('signature-confirm').fill(SIGNATURE);
    await member.getByTestId('signature-next').click();
    await member.getByTestId('signature-done').waitFor();
    await member.getByTestId('signature-mode').getByText('已设置独立的签名密码').waitFor();
    await screenshot(member, 'esign-signature-set-zh-CN');
  });

  it('desktop zh-CN: a product verifies the signature, and five wrong passwords lock signing', async () => {
    const id = await accountIdOf(member);
    const right = await postFromPage(member, `/api/VerifyEsignPassword/${id}`, { Password: SIGNATURE });
    expect(right.status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await postFromPage(member, `/api/VerifyEsignPassword/${id}`, { Password: `Wrong#${i}x` })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    await member.reload();
    await member.getByTestId('signature-locked').waitFor();
    await screenshot(member, 'esign-signature-locked-zh-CN');
  });

  it('desktop en-US: the settings tab and the signature page in English', async () => {
    await chooseFromUserMenu(admin, 'menu-lang-en-US');
    await admin.goto(`${url}/#/layout/systemSetting?tab=esign`);
    await admin.getByText('Signature password strength').waitFor();
    await admin.getByRole('radio', { name: 'Strong: letters, digits and symbols' }).waitFor();
    await screenshot(admin, 'esign-settings-en-US');
    await admin.goto(`${url}/#/layout/signature`);
    await admin.getByTestId('signature-start').click();
    await admin.getByTestId('signature-choice').waitFor();
    await screenshot(admin, 'esign-signature-verify-en-US');
  });

  it('phone zh-CN: the member changes the signature password with the rules shown', async () => {
    const page = await openHome(browser, phone, MEMBER, MEMBER_PASSWORD);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-signature').click();
    await page.getByTestId('signature-mode').getByText('已设置独立的签名密码').waitFor();
    await page.getByTestId('signature-start').click();
    await page.getByTestId('signature-login-password').locator('input').fill(MEMBER_PASSWORD);
    await page.getByTestId('signature-next').click();
    await page.getByTestId('signature-password').locator('input').fill('short1!');
    await page.getByTestId('signature-next').click();
    await page.getByTestId('signature-password-error').waitFor();
    await screenshot(page, 'esign-signature-phone-zh-CN');
  });

  it('phone en-US: the administrator switches to signing with the login password', async () => {
    const page = await openHome(browser, { ...phone, locale: 'en-US' }, ADMIN, ADMIN_PASSWORD);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-signature').click();
    await page.getByText('No signature password set').waitFor();
    await page.getByTestId('signature-start').click();
    await page.getByText('My login password').click();
    await page.getByTestId('signature-login-password').locator('input').fill(ADMIN_PASSWORD);
    await screenshot(page, 'esign-signature-phone-verify-en-US');
    await page.getByTestId('signature-next').click();
    await page.getByTestId('signature-mode').getByText('You sign with your login password').waitFor();
    await screenshot(page, 'esign-signature-phone-en-US');
  });
});
