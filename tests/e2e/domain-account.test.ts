import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_DN, slapdAvailable, startDirectory, type TestDirectory } from '../helpers/ldap-server';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { sharedServer } from './shared-server';

const { url, admin } = sharedServer();
const desktop = { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' };
const phoneContext = {
  viewport: VIEWPORTS.phone,
  userAgent: USER_AGENTS.iphoneSafari,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
};

/** Signs in on the desktop login page, as a password or a domain account. */
async function signIn(page: Page, account: string, password: string, domain = false): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.getByTestId('desktop-login').waitFor();
  if (domain) await page.getByTestId('login-type-1').click();
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/cardModeIndex/);
}

describe.skipIf(!slapdAvailable())('desktop: domain-account (AD/LDAP) sign-in against slapd', () => {
  let browser: Browser;
  let directory: TestDirectory;
  let adminPage: Page;

  beforeAll(async () => {
    directory = await startDirectory([
      {
        uid: 'dana',
        password: 'dana-dir-pw',
        cn: 'Dana Scully',
        mail: 'dana@lab.test',
        mobile: '13900000044',
      },
    ]);
    browser = await launchBrowser();
    adminPage = await openPage(browser, desktop, url);
  });
  afterAll(async () => {
    await browser?.close();
    await directory?.stop();
  });

  it('lets the administrator set up the directory on the system settings screen and test it', async () => {
    await signIn(adminPage, admin.account, admin.password);
    // The administrator's language is kept with the account, and the desktop test file switches it to
    // English; files share one server and their order is not fixed, so choose Chinese here.
    await chooseFromUserMenu(adminPage, 'menu-lang-zh-CN');
    await expect.poll(() => adminPage.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await adminPage.goto(`${url}/#/layout/systemSetting`);
    await adminPage.getByTestId('ldap-setting').waitFor();
    // An organisation that never set up a directory: the switch is off until the administrator turns it on.
    const enabled = adminPage.getByTestId('ldap-enabled');
    await expect.poll(() => enabled.getAttribute('aria-checked')).toBe('false');
    await screenshot(adminPage, 'desktop-ldap-setting-fresh-zh');
    await enabled.click();
    await expect.poll(() => enabled.getAttribute('aria-checked')).toBe('true');
    await adminPage.getByTestId('ldap-url').fill(directory.url);
    await adminPage.getByTestId('ldap-userDnTemplate').fill(`uid={username},${PEOPLE_DN}`);
    await adminPage.getByTestId('ldap-baseDn').fill('dc=lab,dc=test');
    await adminPage.getByTestId('ldap-filter').fill('(uid={username})');
    const domains = adminPage.locator('[data-testid="ldap-domains"] input');
    await domains.fill('lab.test');
    await domains.press('Enter');
    await adminPage.getByTestId('ldap-provision').click();

    await adminPage.getByTestId('ldap-test-username').fill('dana');
    await adminPage.getByTestId('ldap-test-password').fill('dana-dir-pw');
    await adminPage.getByTestId('ldap-test').click();
    const result = adminPage.getByTestId('ldap-test-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Dana Scully');
    expect(await result.textContent()).toContain('首次登录将自动创建账号');

    await adminPage.getByTestId('ldap-save').click();
    await adminPage.getByText('保存成功').waitFor();
    await screenshot(adminPage, 'desktop-ldap-setting-zh');
  });

  it('refuses a metadata or loopback directory address at the address field, desktop and phone, saving nothing', async () => {
    const refused =
      '不能连接 169.254.169.254（169.254.169.254）：这是服务器本机、链路本地、云平台元数据或保留地址';
    const savedUrl = () =>
      adminPage.evaluate(() =>
        fetch('/api/organizationConfig/ldap')
          .then((answer) => answer.json())
          .then((answer: { data: { setting: { url: string } } }) => answer.data.setting.url),
      );
    await adminPage.getByTestId('ldap-url').fill('ldap://169.254.169.254');
    await adminPage.getByTestId('ldap-save').click();
    await adminPage.locator('.ant-form-item-explain-error', { hasText: refused }).waitFor();
    await screenshot(adminPage, 'desktop-ldap-address-refused-zh');
    expect(await savedUrl()).toBe(directory.url);
    await adminPage.getByTestId('ldap-url').fill(directory.url);
    // The message leaves with the address it was about (antd lets it fade out).
    await expect
      .poll(() => adminPage.locator('.ant-form-item-explain-error', { hasText: refused }).count())
      .toBe(0);

    const phone = await openPage(browser, phoneContext, url);
    await phone.goto(`${url}/#/login`);
    await phone.getByTestId('login-account').fill(admin.account);
    await phone.getByTestId('login-password').fill(admin.password);
    await phone.getByTestId('login-agree').check();
    await phone.getByTestId('login-submit').click();
    await phone.waitForURL((address) => !address.hash.startsWith('#/login'));
    await phone.goto(`${url}/#/layout/systemSetting`);
    const field = phone.locator('[data-testid="ldap-url"] input');
    // 127.0.0.1 is this server's allowed directory host (OUTBOUND_ALLOW_HOSTS), in any spelling; a name
    // that resolves to loopback is not that host.
    await field.fill('ldap://localhost:22');
    await phone.getByTestId('ldap-save').click();
    await phone
      .getByText(
        /^不能连接 localhost（(127\.0\.0\.1|::1)）：这是服务器本机、链路本地、云平台元数据或保留地址$/,
      )
      .first()
      .waitFor();
    await screenshot(phone, 'phone-ldap-address-refused-zh');
    expect(await savedUrl()).toBe(directory.url);
    await phone.context().close();
  });

  it('signs a directory user in with a domain account: LoginType 1, an account made at the first sign-in', async () => {
    const page = await openPage(browser, desktop, url);
    await page.goto(`${url}/#/login`);
    await page.getByTestId('login-type-1').click();
    expect(await page.getByTestId('login-account').getAttribute('placeholder')).toBe(
      '用户名@域名 或 域名\\用户名',
    );
    await screenshot(page, 'desktop-login-domain-zh');

    await page.getByTestId('login-account').fill('dana@lab.test');
    await page.getByTestId('login-password').fill('wrong');
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByText('账号或密码输入错误，请重新输入').waitFor();

    await page.getByTestId('login-password').fill('dana-dir-pw');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/cardModeIndex/);
    const session = await page.evaluate(() => fetch('/api/account/current').then((answer) => answer.json()));
    expect(session.data).toMatchObject({
      LoginType: 1,
      AccountInfo: { RealName: 'Dana Scully', Account: 'dana@lab.test', MobilePhone: '13900000044' },
    });
    await page.context().close();
  });

  it('hides the domain-account switch again once the administrator turns it off', async () => {
    await adminPage.getByTestId('ldap-enabled').click();
    await adminPage.getByTestId('ldap-save').click();
    await expect.poll(() => adminPage.getByText('保存成功').count()).toBeGreaterThan(0);
    const page = await openPage(browser, desktop, url);
    await page.goto(`${url}/#/login`);
    await page.getByTestId('login-account').waitFor();
    expect(await page.getByTestId('login-type-1').count()).toBe(0);
    await page.context().close();
  });
});
