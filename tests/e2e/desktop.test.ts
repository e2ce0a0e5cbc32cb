import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { sharedServer } from './shared-server';

const { url, admin } = sharedServer();

describe('desktop: sign-in, cards, language, UI version, sign-out', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      url,
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lands on the login page from the site root', async () => {
    await page.goto(url);
    await page.getByTestId('desktop-login').waitFor();
    expect(new URL(page.url()).hash).toBe('#/login');
    await screenshot(page, 'desktop-login-zh');
  });

  it('keeps what was typed when the language is switched before signing in', async () => {
    await page.getByTestId('login-account').fill('someone@demo-lab.test');
    await page.getByTestId('login-password').fill('half-typed');
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome');
    expect(await page.getByTestId('login-account').inputValue()).toBe('someone@demo-lab.test');
    expect(await page.getByTestId('login-password').inputValue()).toBe('half-typed');
    await page.getByRole('button', { name: '简体中文' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('欢迎登录');
    expect(await page.getByTestId('login-account').inputValue()).toBe('someone@demo-lab.test');
  });

  it('links the reset wizard, the trial application and sign-in, and the two legal documents, all pages that exist', async () => {
    const links = page.getByTestId('desktop-login').locator('a');
    const targets = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('href')),
    );
    expect(targets.sort()).toEqual(['#/agreement', '#/applyTrial', '#/privacy', '#/reset', '#/trial']);
  });

  it('refuses to sign in before the agreement is ticked', async () => {
    await page.getByTestId('login-account').fill(admin.account);
    await page.getByTestId('login-password').fill(admin.password);
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('请阅读并同意服务协议和隐私政策');
    expect(new URL(page.url()).hash).toBe('#/login');
  });

  it('shows the server message for a wrong password', async () => {
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-account').fill(admin.account);
    await page.getByTestId('login-password').fill('definitely-wrong');
    await page.getByTestId('login-submit').click();
    // the server's own message, in antd's message toast (the answer waits for a password hash: on a busy
    // machine that takes longer than expect.poll's one-second default, seen with two files at once)
    await expect
      .poll(() => page.locator('.ant-message-notice').allTextContents(), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining('账号或密码输入错误'));
    expect(new URL(page.url()).hash).toBe('#/login');
    await screenshot(page, 'desktop-login-error-zh');
  });

  it('signs in to the card home with licensed and unlicensed products from the database', async () => {
    await page.getByTestId('login-password').fill(admin.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('my-apps').waitFor();
    expect(new URL(page.url()).hash).toBe('#/cardModeIndex');
    const mine = await page
      .getByTestId('my-apps')
      .locator('[data-testid^="product-card-"]')
      .evaluateAll((cards) =>
        cards.map((card) => [card.getAttribute('data-testid'), card.getAttribute('data-authorized')]),
      );
    expect(mine).toEqual([
      ['product-card-ELN', 'true'],
      ['product-card-CIMS', 'true'],
      ['product-card-LIMS', 'true'],
      ['product-card-PM', 'true'],
    ]);
    const more = await page.getByTestId('more-apps').locator('[data-testid^="product-card-"]').count();
    expect(more).toBe(4);
    expect(await page.getByTestId('product-card-IM').getAttribute('data-authorized')).toBe('false');
    await screenshot(page, 'desktop-home-zh');
  });

  it('opens the personal centre of the new UI under the new header, with a way home', async () => {
    await chooseFromUserMenu(page, 'menu-personal-center');
    await page.getByTestId('layout-new').waitFor();
    expect(new URL(page.url()).hash).toBe('#/layout/info');
    await expect.poll(() => page.getByTestId('basic-info').textContent()).toContain(admin.account);
    expect(await page.locator('.classic-badge').count()).toBe(0);
    await screenshot(page, 'desktop-personal-new-zh');
    await page.getByTestId('nav-home').click();
    await page.getByTestId('my-apps').waitFor();
    expect(new URL(page.url()).hash).toBe('#/cardModeIndex');
  });

  it('opens a licensed product from its card: the demo product page names it and the user', async () => {
    const popup = page.context().waitForEvent('page');
    await page.getByTestId('product-card-ELN').click();
    const product = await popup;
    await product.locator('h1').waitFor();
    expect(product.url()).toBe(`${url}/demo-product/ELN`);
    expect(await product.locator('h1').textContent()).toBe('电子实验记录本（演示）');
    expect(await product.locator('main').textContent()).toContain('林晓 Lin Xiao');
    await product.close();
  });

  it('switches to English and keeps it for the account', async () => {
    await chooseFromUserMenu(page, 'menu-lang-en-US');
    await expect.poll(() => page.getByTestId('my-apps').textContent()).toContain('My Apps');
    await page.reload();
    await page.getByTestId('my-apps').waitFor();
    expect(await page.getByTestId('my-apps').textContent()).toContain('My Apps');
    expect(await page.getByTestId('product-card-ELN').textContent()).toContain('Electronic Lab Notebook');
    await screenshot(page, 'desktop-home-en');
  });

  it('toggles to the nostalgia layout with basic info and the footer version, and back', async () => {
    await chooseFromUserMenu(page, 'menu-ui-toggle');
    await page.getByTestId('basic-info').waitFor();
    expect(new URL(page.url()).hash).toBe('#/layout/info');
    await page.getByTestId('layout-nostalgia').waitFor();
    expect(await page.locator('.classic-badge').count()).toBe(1);
    // The page frame shows before its data arrives.
    await expect.poll(() => page.getByTestId('basic-info').textContent()).toContain(admin.account);
    expect(await page.getByTestId('footer-version').textContent()).toContain('7.15');
    expect(await page.getByTestId('footer-version').textContent()).not.toContain('7.15.3');
    await screenshot(page, 'desktop-nostalgia-en');
    await chooseFromUserMenu(page, 'menu-ui-toggle');
    await page.getByTestId('my-apps').waitFor();
    expect(new URL(page.url()).hash).toBe('#/cardModeIndex');
  });

  it('signs out, and the home then sends back to login', async () => {
    await chooseFromUserMenu(page, 'menu-logout');
    await page.getByTestId('desktop-login').waitFor();
    await page.goto(`${url}/#/cardModeIndex`);
    // The login page is already on screen, so wait for the guard's redirect itself.
    await expect.poll(() => new URL(page.url()).hash).toBe('#/login');
    await page.getByTestId('desktop-login').waitFor();
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto(`${url}/#/no/such/page`);
    await page.getByTestId('not-found').waitFor();
  });

  it('puts the 401, 404 and blocked-IP pages under the no-auth header when signed out, in both languages', async () => {
    for (const [path, testId, name] of [
      ['/no/such/page', 'not-found', '404'],
      ['/ipException', 'ip-exception', 'ip-exception'],
      ['/401', 'no-permission', '401'],
    ] as const) {
      await page.goto(`${url}/#${path}`);
      await page.getByTestId(testId).waitFor();
      const header = page.getByTestId('no-auth-header');
      await header.waitFor();
      // The header sits above the notice, the full width of the window.
      const [box, notice] = await Promise.all([header.boundingBox(), page.getByTestId(testId).boundingBox()]);
      expect(box?.width).toBe(VIEWPORTS.desktop.width);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(notice?.y ?? 0);
      await page.getByTestId('header-lang-zh-CN').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      expect(await header.textContent()).toContain('登录');
      await screenshot(page, `desktop-signed-out-${name}-zh`);
      await page.getByTestId('header-lang-en-US').click();
      await expect.poll(() => header.textContent()).toContain('Sign in');
      await screenshot(page, `desktop-signed-out-${name}-en`);
    }
    await page.getByTestId('header-sign-in').click();
    await page.getByTestId('desktop-login').waitFor();
  });

  it('switches the language on the registration flow as on the other trial pages', async () => {
    await page.goto(`${url}/#/regFlow`);
    await page.getByTestId('reg-flow-page').waitFor();
    const chosen = () => page.locator('.trial-header .ant-segmented-item-selected').textContent();
    await page.getByTestId('trial-language').getByText('简体中文').click();
    await page.getByText('注册', { exact: true }).waitFor();
    await expect.poll(chosen).toBe('简体中文');
    await screenshot(page, 'desktop-reg-flow-zh');
    await page.getByTestId('trial-language').getByText('English').click();
    await page.getByText('Register', { exact: true }).waitFor();
    await expect.poll(chosen).toBe('English');
    await screenshot(page, 'desktop-reg-flow-en');
  });
});
