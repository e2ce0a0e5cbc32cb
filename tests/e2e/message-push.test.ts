import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../domain/i18n';
import { DEFAULT_SIGNING_KEY } from '../../server/core/config';
import { connectHostFakes } from '../helpers/host-fakes';
import { signedHeaders } from '../helpers/signed-headers';
import { chooseFromUserMenu, launchBrowser, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { pageSettled } from './page-settled';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';
import { openSignedInPage } from './signed-in';

const { url, dataDir, hostFakes, members } = sharedServer();
const fakes = connectHostFakes(hostFakes);

const PASSWORD = 'Push-screen-e2e-2026';
const ADMIN = 'push-admin@push-screen.test';
const WECOM = { corpId: 'wwpushscreen', agentId: '1000009', secret: 'wecom-push-screen-secret' };
const ADMIN_WECOM_ID = 'w-push-admin';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

const desktop: BrowserContextOptions = {
  viewport: VIEWPORTS.desktop,
  userAgent: USER_AGENTS.desktopChrome,
  locale: 'zh-CN',
};
const phone: BrowserContextOptions = {
  viewport: VIEWPORTS.phone,
  userAgent: USER_AGENTS.iphoneSafari,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
};

/** A fresh page signed in already (the screen is not about the sign-in); `home` opens the card home. */
async function openSignedIn(
  browser: Browser,
  options: BrowserContextOptions,
  account: string,
  password: string,
  home = false,
): Promise<Page> {
  const page = await openSignedInPage(browser, options, url, { account, password });
  if (home) await page.goto(`${url}/#/cardModeIndex`);
  return page;
}

/** The JSON answer of a same-origin GET made by the page (with its session cookie). */
const fetchFromPage = (page: Page, path: string) =>
  page.evaluate(async (target) => {
    const answer = await fetch(target);
    return { status: answer.status, body: await answer.text() };
  }, path);

/**
 * The message-push screen against the loopback platform fakes: an administrator of a new organisation
 * (bound to a WeCom user by the operator, as account:bind does) sets WeCom up on the screen, sees the
 * secret only masked after a reload, sends a debug message and reads WeCom's answer in words, delivered
 * and refused; creates a push key a product then sends with, and sees that message in the list; members
 * get /401; and the same screen on a phone.
 */
describe('message push screen', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const printed = await cli(
      'org:create',
      '--name',
      'Push Screen Lab',
      '--admin',
      ADMIN,
      '--password',
      PASSWORD,
      '--products',
      'ELN,PM',
    );
    const orgId = /organisation (\d+) created/.exec(printed)?.[1];
    if (!orgId) throw new Error(`no organisation id in:\n${printed}`);
    await cli('org:openness', '--org', orgId, '--grant');
    await fakes.wecom.addApp(WECOM);
    await fakes.wecom.addUser({ userId: ADMIN_WECOM_ID });
    await cli(
      'account:bind',
      '--org',
      orgId,
      '--platform',
      'wecom',
      '--account',
      ADMIN,
      '--user-id',
      ADMIN_WECOM_ID,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets the administrator switch WeCom on, fill it in and save it, the secret masked after a reload', async () => {
    page = await openSignedIn(browser, desktop, ADMIN, PASSWORD, true);
    await chooseFromUserMenu(page, 'menu-personal-center');
    await page.getByRole('menuitem', { name: '消息推送' }).click();
    await page.waitForURL(/#\/layout\/messagePush$/);
    // Nothing set up yet: DingTalk's fields stay closed until its switch is on.
    const dingtalk = page.getByTestId('push-integration-dingtalk');
    await expect.poll(() => dingtalk.getByTestId('push-appKey').isDisabled()).toBe(true);
    await dingtalk.getByText('请先打开开关，再配置该平台').waitFor();
    await screenshot(page, 'message-push-desktop-zh-dingtalk-off');
    await page.getByTestId('push-tab-wecom').click();
    const wecom = page.getByTestId('push-integration-wecom');
    await expect.poll(() => wecom.getByTestId('push-corpId').isDisabled()).toBe(true);
    await wecom.getByTestId('push-enabled').click();
    await wecom.getByTestId('push-corpId').fill(WECOM.corpId);
    await wecom.getByTestId('push-appSecret').fill(WECOM.secret);
    await wecom.getByTestId('push-agentId').fill(WECOM.agentId);
    await wecom.getByText('电子实验记录本').click();
    await wecom.getByTestId('push-save').click();
    await page.getByText('已保存', { exact: true }).waitFor();

    await page.reload();
    await page.getByTestId('push-tab-wecom').click();
    const secret = page.getByTestId('push-integration-wecom').getByTestId('push-appSecret');
    await expect.poll(() => secret.getAttribute('placeholder')).toContain('********cret');
    expect(await secret.inputValue()).toBe('');
    const config = await fetchFromPage(page, '/api/OrganizationOpenness/messagepush/config');
    expect(config.status).toBe(200);
    expect(config.body).not.toContain(WECOM.secret);
    expect(JSON.parse(config.body).data.integrations).toEqual([
      expect.objectContaining({
        platform: 'wecom',
        enabled: true,
        products: ['ELN'],
        appSecretMask: '********cret',
      }),
    ]);
  });

  it("sends a debug message and shows WeCom's answer in words, then a refusal as an error", async () => {
    const wecom = page.getByTestId('push-integration-wecom');
    await wecom.getByTestId('push-debug').click();
    await expect
      .poll(() => wecom.getByTestId('push-debug-delivered').textContent())
      .toContain('企业微信已接收消息');
    const delivered = (await fakes.wecom.messages()).filter((m) => m.toUsers.includes(ADMIN_WECOM_ID));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ corpId: WECOM.corpId, agentId: WECOM.agentId });
    await screenshot(page, 'message-push-desktop-zh-delivered');

    await fakes.wecom.script('/cgi-bin/message/send', {
      body: { errcode: 81013, errmsg: 'user & party & tag all invalid' },
    });
    await wecom.getByTestId('push-debug').click();
    const refused = wecom.getByTestId('push-debug-failed');
    await expect.poll(() => refused.textContent()).toContain('企业微信拒绝了接收人');
    expect(await refused.textContent()).toContain('81013 user & party & tag all invalid');
    await screenshot(page, 'message-push-desktop-zh-refused');

    await chooseFromUserMenu(page, 'menu-lang-en-US');
    await wecom.getByTestId('push-debug').getByText('Debug message').waitFor();
    await fakes.wecom.script('/cgi-bin/message/send', {
      body: { errcode: 81013, errmsg: 'user & party & tag all invalid' },
    });
    await wecom.getByTestId('push-debug').click();
    await expect.poll(() => refused.textContent()).toContain('WeCom refused the recipient');
    await screenshot(page, 'message-push-desktop-en-refused');
  });

  it('tells the administrator in words when they have no identity on the host to send the debug message to', async () => {
    await page.getByTestId('push-tab-feishu').click();
    const feishu = page.getByTestId('push-integration-feishu');
    await feishu.getByTestId('push-enabled').click();
    await feishu.getByTestId('push-corpId').fill('cli_push_screen_e2e');
    await feishu.getByTestId('push-appSecret').fill('feishu-push-screen-secret');
    await feishu.getByTestId('push-save').click();
    await expect.poll(() => feishu.getByTestId('push-debug').isEnabled()).toBe(true);
    await feishu.getByTestId('push-debug').click();
    await expect
      .poll(() => feishu.getByTestId('push-debug-failed').textContent())
      .toContain(translate('en-US', 'errors.push.notBound'));
    await screenshot(page, 'message-push-desktop-en-not-bound');
    await page.getByTestId('push-tab-wecom').click();
  });

  it('creates a push key shown once; a product sends with it and the message appears in the list', async () => {
    const keys = page.getByTestId('push-keys');
    await keys.getByTestId('push-key-label').fill('ELN server');
    await keys.getByTestId('push-key-issue').click();
    const shown = page.getByTestId('push-key-new');
    await shown.waitFor();
    const key = (await shown.textContent())?.match(/upk_[\w-]{43}/)?.[0];
    expect(key).toBeDefined();
    await screenshot(page, 'message-push-desktop-en-new-key');
    await page.getByTestId('push-key-done').click();
    await keys.getByText('ELN server').waitFor();
    expect(await keys.textContent()).not.toContain(key);

    const me = JSON.parse((await fetchFromPage(page, '/api/account/current')).body).data.AccountInfo.ID;
    const sent = await fetch(`${url}/api/messagepush/send`, {
      method: 'POST',
      headers: {
        ...signedHeaders(DEFAULT_SIGNING_KEY, Date.now()),
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        idempotencyKey: 'push-screen-e2e-1',
        product: 'ELN',
        accountIds: [me],
        title: 'Sample S-17 is ready',
        text: 'Sample S-17 passed inspection',
      }),
    });
    expect(sent.status).toBe(200);
    const outbox = page.getByTestId('push-outbox');
    await expect
      .poll(
        async () => {
          await outbox.getByTestId('push-outbox-refresh').click();
          return outbox.locator('tr', { hasText: 'Sample S-17 is ready' }).textContent();
        },
        { timeout: 10_000 },
      )
      .toContain('Sent');
    await screenshot(page, 'message-push-desktop-en-outbox');
  });

  it('sends a member to /401, and the API answers them 403', async () => {
    const member = await openSignedIn(browser, desktop, members[0].account, members[0].password);
    await member.goto(`${url}/#/layout/messagePush`);
    await member.waitForURL(/#\/401$/);
    expect((await fetchFromPage(member, '/api/OrganizationOpenness/messagepush/config')).status).toBe(403);
    expect((await fetchFromPage(member, '/api/OrganizationOpenness/messagepush/pushKeys')).status).toBe(403);
    await member.context().close();
  });

  it('tells an administrator whose organisation has no open capability to ask operations, on both shells', async () => {
    const admin = 'no-openness@push-screen.test';
    await cli('org:create', '--name', 'Closed Lab', '--admin', admin, '--password', PASSWORD);
    for (const [shell, options] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const) {
      const closed = await openSignedIn(browser, options, admin, PASSWORD);
      await closed.goto(`${url}/#/layout/messagePush`);
      await expect
        .poll(() => closed.getByTestId('openness-not-authorized').textContent())
        .toContain('您的组织暂未开通开放能力');
      await screenshot(closed, `message-push-${shell}-not-authorized-zh`);
      await closed.context().close();
    }
  });

  it('shows the same screen on a phone, reached from the user sheet, in both languages', async () => {
    const mobile = await openSignedIn(browser, phone, ADMIN, PASSWORD, true);
    for (const [language, title] of [
      ['zh-CN', '消息推送'],
      ['en-US', 'Message push'],
    ] as const) {
      await mobile.getByTestId('user-menu').click();
      await mobile.getByTestId(`menu-lang-${language}`).click();
      await mobile.getByTestId('user-menu').click();
      await mobile.getByTestId('menu-administration').click();
      await mobile.getByTestId('menu-message-push').click();
      await mobile.waitForURL(/#\/layout\/messagePush$/);
      await mobile.getByRole('heading', { name: title }).waitFor();
      await mobile.getByTestId('push-tab-wecom').click();
      const secret = mobile.getByTestId('push-integration-wecom').locator('input[type=password]');
      await expect.poll(() => secret.getAttribute('placeholder')).toContain('********cret');
      const wecom = mobile.getByTestId('push-integration-wecom');
      await wecom.getByTestId('push-debug').click();
      await expect
        .poll(() => wecom.getByTestId('push-debug-delivered').textContent())
        .toContain(language === 'zh-CN' ? '企业微信已接收消息' : 'WeCom accepted the message');
      // The tabs' ink bar slides to the chosen tab; photograph it where it stops.
      await pageSettled(mobile);
      await screenshot(mobile, `message-push-phone-${language === 'zh-CN' ? 'zh' : 'en'}`);
    }
    await mobile.context().close();
  });
});
