import fs from 'node:fs';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHostFakes } from '../helpers/host-fakes';
import { keepWorkTableTourShut, launchBrowser, USER_AGENTS, VIEWPORTS } from './browser';
import {
  DINGTALK_CONTAINER_ORIGIN,
  dingtalkAndroidNative,
  dingtalkIosNative,
  dingtalkPcContainerPage,
  FEISHU_SDK_STAND_IN,
  feishuNative,
  type NativeCall,
} from './host-natives';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir, hostFakes } = sharedServer();
const fakes = connectHostFakes(hostFakes);
/** Where screenshots go for people to look at (SHOTS_DIR, else test-results/). */
const shotsDir = process.env.SHOTS_DIR ?? 'test-results';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

/** A new organisation with its administrator (a password of our choosing, so no forced change). */
async function organisation(name: string, admin: string): Promise<number> {
  const printed = await cli(
    'org:create',
    '--name',
    name,
    '--admin',
    admin,
    '--password',
    PASSWORD,
    '--products',
    'ELN',
  );
  const id = /organisation (\d+) created/.exec(printed)?.[1];
  if (!id) throw new Error(`no organisation id in:\n${printed}`);
  return Number(id);
}

const PASSWORD = 'Chat-hosts-e2e-2026';
const ADMINS = {
  dingtalk: 'dd-admin@hosts.test',
  feishu: 'fs-admin@hosts.test',
  wecom: 'wc-admin@hosts.test',
  wechat: 'wx-admin@hosts.test',
} as const;
const DINGTALK = { corpId: 'dingcorp-e2e', appKey: 'dingkey-e2e', appSecret: 'ding-secret-e2e' };
const FEISHU = { appId: 'cli_e2e_feishu', appSecret: 'feishu-secret-e2e' };
const WECOM = { corpId: 'wwe2ecorp', agentId: '1000002', secret: 'wecom-secret-e2e' };
const WECHAT = { appId: 'wxe2eapp', secret: 'wechat-secret-e2e' };

/** Real user agents of the hosts (the DingTalk PC one is the shared helper's). */
const AGENTS = {
  dingtalkIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.0.30) com.laiwang.DingTalk/29807245 Channel/201200 language/zh-Hans-CN UT4Aplus/0.0.6 WK',
  dingtalkAndroid:
    'Mozilla/5.0 (Linux; U; Android 12; zh-CN; V2148A Build/SP1A.210812.003) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.43 Mobile Safari/537.36 AliApp(DingTalk/7.0.25) com.alibaba.android.rimet/29427498 Channel/227200 language/zh-CN abi/64 UT4Aplus/0.2.25 colorScheme/light',
  feishuIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Lark/6.9.5 LarkLocale/zh_CN ChannelName/Feishu TTWebView/1180010037016',
  feishuWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Feishu/7.1.8 Chrome/108.0.5359.215 Electron/22.3.27 Safari/537.36 LarkLocale/zh_CN ttnet SDK-Version/7.1.13',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.42(0x18002a2c) NetType/WIFI Language/zh_CN',
  wecomIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.6 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
} as const;

type Language = 'zh-CN' | 'en-US';

/** A phone or a desktop of the given host's user agent, in a language. */
function device(userAgent: string, language: Language, desktop = false) {
  return desktop
    ? { viewport: VIEWPORTS.desktop, userAgent, locale: language }
    : { viewport: VIEWPORTS.phone, userAgent, locale: language, isMobile: true, hasTouch: true };
}

/** What a host test opens: its browser context, page, and where requests that would leave went. */
interface HostPage {
  context: BrowserContext;
  page: Page;
  /** Requests refused because they would have left the machine. */
  blocked: string[];
  /** The calls the SDK made into the emulated native side (of the page, or of the container's frame). */
  nativeCalls(frame?: Page | Frame): Promise<NativeCall[]>;
  /** Lets the native side hand out its sign-in code (it waits until then when `hold` was asked for). */
  release(): void;
}

interface HostPageOptions {
  device: ReturnType<typeof device>;
  /** The emulated native side, injected before the app loads. */
  native?: string;
  /** Gets a real sign-in code from the platform's fake for the id the page passed (corpId / appId). */
  issueCode?: (id: string) => Promise<string>;
  /** The native side keeps its code until release(): the signing-in state can be looked at. */
  hold?: boolean;
  /** Serves these pages at these URLs (the DingTalk PC container, Feishu's SDK), else nothing leaves. */
  serve?: Record<string, { contentType: string; body: string } | 'abort'>;
  /** The page's bound on a host call, as the client config says it (HOST_CALL_TIMEOUT_MS, 6 s by default). */
  hostCallTimeoutMs?: number;
}

let browser: Browser;

async function openHostPage(options: HostPageOptions): Promise<HostPage> {
  const context = await browser.newContext(options.device);
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const requested = route.request().url();
    const served = options.serve?.[requested.split('#')[0]];
    if (served === 'abort') return route.abort();
    if (served) return route.fulfill({ status: 200, contentType: served.contentType, body: served.body });
    const { hostname } = new URL(requested);
    if (hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    blocked.push(requested);
    return route.abort();
  });
  await keepWorkTableTourShut(context);
  let release: () => void = () => undefined;
  const released = options.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  if (options.issueCode) {
    const issue = options.issueCode;
    await context.exposeFunction('__hostIssueCode', async (id: string) => {
      await released;
      return issue(id);
    });
  }
  const { hostCallTimeoutMs } = options;
  // The page reads its bound from the client config (HOST_CALL_TIMEOUT_MS); the shared server keeps the default.
  if (hostCallTimeoutMs)
    await context.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, hostCallTimeoutMs } } });
    });
  if (options.native) await context.addInitScript({ content: options.native });
  const page = await context.newPage();
  return {
    context,
    page,
    blocked,
    nativeCalls: (frame = page) =>
      frame.evaluate(() => (window as unknown as { __nativeCalls?: NativeCall[] }).__nativeCalls ?? []),
    release: () => release(),
  };
}

/** Saves a screenshot to look at. */
async function shot(target: Page, name: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  await target.screenshot({ path: `${shotsDir}/${name}.png` });
}

/** The app's frame inside the DingTalk PC container page. */
async function appFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(url))).toBe(true);
  return page.frames().find((frame) => frame.url().startsWith(url))!;
}

/** How long a host that never answers may keep people waiting before they see its message. */
const FEW_SECONDS = 10_000;

/**
 * How long the entry page took from showing that it signs the person in to showing the host's failure
 * (the page and its chunks loading on a busy machine is not the host's time).
 */
async function failureWithin(target: Page | Frame): Promise<number> {
  await target.getByTestId('host-signing-in').or(target.getByTestId('host-failed')).first().waitFor();
  const since = Date.now();
  await target.getByTestId('host-failed').waitFor({ timeout: FEW_SECONDS + 5000 });
  return Date.now() - since;
}

/** Closes the account-security notice a fresh sign-in may show over the home page. */
async function dismissNotices(target: Page | Frame): Promise<void> {
  const ok = target.getByTestId('security-notice-ok');
  await ok.waitFor({ timeout: 3000 }).then(
    () => ok.click(),
    () => undefined,
  );
}

const issueDingtalk = (userId: string) => () => fakes.dingtalk.issueCode(DINGTALK.appKey, userId);
const issueFeishu = (userId: string) => () => fakes.feishu.issueCode(FEISHU.appId, userId);

describe('chat hosts: real SDKs against emulated native sides, the server against loopback platform fakes', () => {
  let feishuSdkUrl = '';
  const feishuSdk = { contentType: 'application/javascript', body: FEISHU_SDK_STAND_IN };

  beforeAll(async () => {
    // DingTalk PC frames the app from its own (public) site; the test's app is on loopback, which
    // Chromium's local-network-access check would refuse to a public page. Real deployments are public.
    browser = await launchBrowser(['--disable-features=LocalNetworkAccessChecks']);
    feishuSdkUrl = ((await (await fetch(`${url}/api/config`)).json()) as { data: { feishuSdkUrl: string } })
      .data.feishuSdkUrl;

    const [dingtalkOrg, feishuOrg, wecomOrg, wechatOrg] = [
      await organisation('DingTalk Hosts Lab', ADMINS.dingtalk),
      await organisation('Feishu Hosts Lab', ADMINS.feishu),
      await organisation('WeCom Hosts Lab', ADMINS.wecom),
      await organisation('WeChat Hosts Lab', ADMINS.wechat),
    ];
    await cli(
      'org:integration',
      '--org',
      String(dingtalkOrg),
      '--platform',
      'dingtalk',
      '--corp-id',
      DINGTALK.corpId,
      '--app-key',
      DINGTALK.appKey,
      '--app-secret',
      DINGTALK.appSecret,
      '--agent-id',
      '9001',
    );
    await cli(
      'org:integration',
      '--org',
      String(feishuOrg),
      '--platform',
      'feishu',
      '--corp-id',
      FEISHU.appId,
      '--app-secret',
      FEISHU.appSecret,
    );
    await cli(
      'org:integration',
      '--org',
      String(wecomOrg),
      '--platform',
      'wecom',
      '--corp-id',
      WECOM.corpId,
      '--app-secret',
      WECOM.secret,
      '--agent-id',
      WECOM.agentId,
    );
    await cli(
      'org:integration',
      '--org',
      String(wechatOrg),
      '--platform',
      'wechat',
      '--corp-id',
      WECHAT.appId,
      '--app-secret',
      WECHAT.secret,
    );

    await fakes.dingtalk.addApp({ ...DINGTALK, agentId: '9001' });
    await fakes.dingtalk.addUser({
      userId: 'dd-ada',
      unionId: 'dd-union-ada',
      name: 'Ada',
      email: ADMINS.dingtalk,
    });
    await fakes.dingtalk.addUser({
      userId: 'dd-stranger',
      name: 'Stranger',
      email: 'stranger@elsewhere.test',
    });
    await fakes.feishu.addApp(FEISHU);
    await fakes.feishu.addUser({ userId: 'fs-ada', name: 'Ada', email: ADMINS.feishu });
    await fakes.feishu.addUser({ userId: 'fs-stranger', name: 'Stranger', email: 'stranger@elsewhere.test' });
    await fakes.wecom.addApp(WECOM);
    await fakes.wecom.addUser({ userId: 'wc-ada', name: 'Ada', email: ADMINS.wecom, member: true });
    await fakes.wechat.addApp(WECHAT);
    await fakes.wechat.addUser({ userId: 'o-wx-ada', name: 'Ada' });
    await fakes.oauth.signInAs(WECOM.corpId, 'wc-ada');
    await fakes.oauth.signInAs(WECHAT.appId, 'o-wx-ada');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('DingTalk on an iPhone: WebViewJavascriptBridge hands the code, the card home opens, products open in DingTalk', async () => {
    const host = await openHostPage({
      device: device(AGENTS.dingtalkIos, 'zh-CN'),
      native: dingtalkIosNative('answer'),
      issueCode: issueDingtalk('dd-ada'),
      hold: true,
    });
    const { page } = host;
    await page.goto(`${url}/#/dingding?corpId=${DINGTALK.corpId}`);
    await page.getByTestId('host-signing-in').waitFor();
    expect(await page.getByTestId('host-signing-in').textContent()).toContain('正在通过钉钉登录');
    await shot(page, 'dingtalk-ios-signing-in-zh');
    host.release();
    await page.getByTestId('my-apps').waitFor();
    expect(new URL(page.url()).hash).toBe('#/cardModeIndex');
    await dismissNotices(page);
    const calls = await host.nativeCalls();
    expect(calls).toContainEqual({
      method: 'runtime.permission.requestAuthCode',
      params: expect.objectContaining({ corpId: DINGTALK.corpId }),
    });
    // the page title goes to DingTalk's navigation bar too
    expect(calls.some((call) => call.method === 'biz.navigation.setTitle')).toBe(true);
    await page.getByTestId('product-card-ELN').click();
    await expect
      .poll(
        async () =>
          (await host.nativeCalls()).find((call) => call.method === 'biz.util.openLink')?.params.url,
      )
      .toBe(`${url}/demo-product/ELN`);
    // sign-out is hidden inside the host
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-personal-center').waitFor();
    expect(await page.getByTestId('menu-logout').count()).toBe(0);
    expect(host.blocked).toEqual([]);
    await host.context.close();
  });

  it('DingTalk on Android: nuva hands the code and the card home opens', async () => {
    const host = await openHostPage({
      device: device(AGENTS.dingtalkAndroid, 'en-US'),
      native: dingtalkAndroidNative('answer'),
      issueCode: issueDingtalk('dd-ada'),
    });
    await host.page.goto(`${url}/#/dingding?corpId=${DINGTALK.corpId}`);
    await host.page.getByTestId('my-apps').waitFor();
    expect(await host.nativeCalls()).toContainEqual({
      method: 'runtime.permission.requestAuthCode',
      params: expect.objectContaining({ corpId: DINGTALK.corpId }),
    });
    await host.context.close();
  });

  it('DingTalk PC: its container frames the app cross-site, requestAuthCode carries the page url, the session cookie reaches the frame', async () => {
    const container = `${DINGTALK_CONTAINER_ORIGIN}/container`;
    const appUrl = `${url}/#/dingding?corpId=${DINGTALK.corpId}`;
    const host = await openHostPage({
      device: device(USER_AGENTS.dingtalkPc, 'zh-CN', true),
      issueCode: issueDingtalk('dd-ada'),
      hold: true,
      serve: { [container]: { contentType: 'text/html', body: dingtalkPcContainerPage(appUrl, 'answer') } },
    });
    await host.page.goto(container);
    const frame = await appFrame(host.page);
    await frame.getByTestId('host-signing-in').waitFor();
    await shot(host.page, 'dingtalk-pc-signing-in-zh');
    host.release();
    // the card home reads the products with the session cookie: it reached the cross-site frame
    await frame.getByTestId('my-apps').waitFor();
    expect(await frame.getByTestId('product-card-ELN').getAttribute('data-authorized')).toBe('true');
    // the desktop shell, though DingTalk gives the page a desktop client's window
    expect(await frame.locator('.ant-layout, .ant-btn, [class*="ant-"]').count()).toBeGreaterThan(0);
    const calls = await host.nativeCalls(host.page);
    const authCode = calls.find((call) => call.method === 'runtime.permission.requestAuthCode');
    expect(authCode?.params).toEqual({ corpId: DINGTALK.corpId, url: `${url}/` });
    const cookies = await host.context.cookies(url);
    expect(cookies.find((cookie) => cookie.name === 'uc_session')).toMatchObject({
      sameSite: 'None',
      secure: true,
    });
    await shot(host.page, 'dingtalk-pc-home-zh');
    expect(host.blocked).toEqual([]);
    await host.context.close();
  });

  it('Feishu on a phone: the H5 SDK asks the native side with requestAccess and the card home opens', async () => {
    const host = await openHostPage({
      device: device(AGENTS.feishuIos, 'zh-CN'),
      native: feishuNative('answer'),
      issueCode: issueFeishu('fs-ada'),
      serve: { [feishuSdkUrl]: feishuSdk },
    });
    await host.page.goto(`${url}/#/feishu?appId=${FEISHU.appId}`);
    await host.page.getByTestId('my-apps').waitFor();
    expect(await host.nativeCalls()).toContainEqual({
      method: 'requestAccess',
      params: expect.objectContaining({ appID: FEISHU.appId, scopeList: [] }),
    });
    await host.context.close();
  });

  it('Feishu on the desktop: the desktop shell, signing in, then the card home', async () => {
    const host = await openHostPage({
      device: device(AGENTS.feishuWindows, 'en-US', true),
      native: feishuNative('answer'),
      issueCode: issueFeishu('fs-ada'),
      hold: true,
      serve: { [feishuSdkUrl]: feishuSdk },
    });
    await host.page.goto(`${url}/#/feishu?appId=${FEISHU.appId}`);
    await host.page.getByTestId('host-signing-in').waitFor();
    expect(await host.page.getByTestId('host-signing-in').textContent()).toContain(
      'Signing you in with Feishu',
    );
    await shot(host.page, 'feishu-desktop-signing-in-en');
    host.release();
    await host.page.getByTestId('my-apps').waitFor();
    await host.context.close();
  });

  it('WeCom: the OAuth redirect comes back with #wechat_redirect, which is no route, and signs in', async () => {
    const host = await openHostPage({ device: device(AGENTS.wecomIos, 'zh-CN') });
    const visited: string[] = [];
    const asked: string[] = [];
    host.page.on('framenavigated', (frame) => {
      if (frame === host.page.mainFrame()) visited.push(frame.url());
    });
    host.page.on('request', (request) => {
      if (request.url().startsWith(hostFakes.weixinOauth)) asked.push(request.url());
    });
    await host.page.goto(`${url}/#/wecom?corpId=${WECOM.corpId}&agentId=${WECOM.agentId}`);
    await host.page.getByTestId('my-apps').waitFor();
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]).searchParams.get('appid')).toBe(WECOM.corpId);
    // Chromium keeps the authorize URL's fragment on the way back; the app did not take it for a route
    const back = visited.find((address) => address.startsWith(url) && address.includes('code='));
    expect(back).toMatch(/#wechat_redirect$/);
    expect(new URL(host.page.url()).hash).toBe('#/cardModeIndex');
    expect(new URL(host.page.url()).search).toBe('');
    expect(host.blocked).toEqual([]);
    await host.context.close();
  });

  it('WeChat: no account for the openid, the password sign-in in WeChat links it, the next visit is silent', async () => {
    const host = await openHostPage({ device: device(AGENTS.wechatIos, 'en-US') });
    const { page } = host;
    await page.goto(`${url}/#/wechat?appId=${WECHAT.appId}`);
    await page.getByTestId('host-no-account').waitFor();
    expect(await page.getByTestId('host-no-account').textContent()).toContain('ask your organisation');
    await shot(page, 'wechat-no-account-en');
    await page.getByTestId('host-use-password').click();
    await page.getByTestId('login-bind-notice').waitFor();
    expect(await page.getByTestId('login-bind-notice').textContent()).toContain('link your WeChat identity');
    await page.getByTestId('login-account').fill(ADMINS.wechat);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('my-apps').waitFor();
    await host.context.close();

    // a new visit (a new web view: no cookie) is signed in by WeChat alone
    const again = await openHostPage({ device: device(AGENTS.wechatIos, 'en-US') });
    await again.page.goto(`${url}/#/wechat?appId=${WECHAT.appId}`);
    await again.page.getByTestId('my-apps').waitFor();
    await again.context.close();
  });

  it('DingTalk with no account for the person: the ask-your-administrator page, in Chinese', async () => {
    const host = await openHostPage({
      device: device(AGENTS.dingtalkIos, 'zh-CN'),
      native: dingtalkIosNative('answer'),
      issueCode: issueDingtalk('dd-stranger'),
    });
    await host.page.goto(`${url}/#/dingding?corpId=${DINGTALK.corpId}`);
    await host.page.getByTestId('host-no-account').waitFor();
    expect(await host.page.getByTestId('host-no-account').textContent()).toContain('请联系组织管理员');
    await shot(host.page, 'dingtalk-ios-no-account-zh');
    await host.context.close();
  });

  it('DingTalk PC with no account for the person: the page in its container frame, in Chinese', async () => {
    const container = `${DINGTALK_CONTAINER_ORIGIN}/container`;
    const host = await openHostPage({
      device: device(USER_AGENTS.dingtalkPc, 'zh-CN', true),
      issueCode: issueDingtalk('dd-stranger'),
      serve: {
        [container]: {
          contentType: 'text/html',
          body: dingtalkPcContainerPage(`${url}/#/dingding?corpId=${DINGTALK.corpId}`, 'answer'),
        },
      },
    });
    await host.page.goto(container);
    const frame = await appFrame(host.page);
    await frame.getByTestId('host-no-account').waitFor();
    await shot(host.page, 'dingtalk-pc-no-account-zh');
    await host.context.close();
  });

  it('Feishu desktop with no account for the person, in English', async () => {
    const host = await openHostPage({
      device: device(AGENTS.feishuWindows, 'en-US', true),
      native: feishuNative('answer'),
      issueCode: issueFeishu('fs-stranger'),
      serve: { [feishuSdkUrl]: feishuSdk },
    });
    await host.page.goto(`${url}/#/feishu?appId=${FEISHU.appId}`);
    await host.page.getByTestId('host-no-account').waitFor();
    expect(await host.page.getByTestId('host-no-account').textContent()).toContain(
      'No account found for you',
    );
    await shot(host.page, 'feishu-desktop-no-account-en');
    await host.context.close();
  });

  describe('a missing or failing native side ends in the localised message within a few seconds', () => {
    /**
     * A host that never answers is given up on after two seconds instead of the six people wait (the page's
     * config says so, as HOST_CALL_TIMEOUT_MS would; the six seconds are platform.test.ts's): each of these
     * tests would otherwise sit out the full bound.
     */
    const openHost = (options: HostPageOptions) => openHostPage({ ...options, hostCallTimeoutMs: 2000 });

    it.each([
      ['zh-CN', '客户端没有响应'],
      ['en-US', 'The app did not answer'],
    ] as const)('DingTalk on an iPhone without its bridge (%s)', async (language, message) => {
      const host = await openHost({ device: device(AGENTS.dingtalkIos, language) });
      await host.page.goto(`${url}/#/dingding?corpId=${DINGTALK.corpId}`);
      await host.page.getByTestId('host-signing-in').waitFor();
      if (language === 'en-US') await shot(host.page, 'dingtalk-ios-signing-in-en');
      expect(await failureWithin(host.page)).toBeLessThan(FEW_SECONDS);
      expect(await host.page.getByTestId('host-failed').textContent()).toContain(message);
      await shot(host.page, `dingtalk-ios-timeout-${language === 'zh-CN' ? 'zh' : 'en'}`);
      // the way out is the password login
      await host.page.getByTestId('host-use-password').click();
      await host.page.getByTestId('login-account').waitFor();
      await host.context.close();
    });

    it('DingTalk on Android whose bridge refuses', async () => {
      const host = await openHost({
        device: device(AGENTS.dingtalkAndroid, 'en-US'),
        native: dingtalkAndroidNative('fail'),
      });
      await host.page.goto(`${url}/#/dingding?corpId=${DINGTALK.corpId}`);
      expect(await failureWithin(host.page)).toBeLessThan(FEW_SECONDS);
      expect(await host.page.getByTestId('host-failed').textContent()).toContain(
        'could not complete the request',
      );
      await shot(host.page, 'dingtalk-android-failed-en');
      await host.context.close();
    });

    it('DingTalk PC whose container never answers', async () => {
      const container = `${DINGTALK_CONTAINER_ORIGIN}/container`;
      const host = await openHost({
        device: device(USER_AGENTS.dingtalkPc, 'zh-CN', true),
        serve: {
          [container]: {
            contentType: 'text/html',
            body: dingtalkPcContainerPage(`${url}/#/dingding?corpId=${DINGTALK.corpId}`, 'silent'),
          },
        },
      });
      await host.page.goto(container);
      const frame = await appFrame(host.page);
      expect(await failureWithin(frame)).toBeLessThan(FEW_SECONDS);
      expect(await frame.getByTestId('host-failed').textContent()).toContain('客户端没有响应');
      await shot(host.page, 'dingtalk-pc-timeout-zh');
      await host.context.close();
    });

    it('DingTalk PC user agent without the container', async () => {
      const host = await openHost({ device: device(USER_AGENTS.dingtalkPc, 'en-US', true) });
      await host.page.goto(`${url}/#/dingding?corpId=${DINGTALK.corpId}`);
      expect(await failureWithin(host.page)).toBeLessThan(FEW_SECONDS);
      await shot(host.page, 'dingtalk-pc-failed-en');
      await host.context.close();
    });

    it('Feishu without its native side', async () => {
      const host = await openHost({
        device: device(AGENTS.feishuIos, 'zh-CN'),
        native: feishuNative('silent'),
        serve: { [feishuSdkUrl]: feishuSdk },
      });
      await host.page.goto(`${url}/#/feishu?appId=${FEISHU.appId}`);
      expect(await failureWithin(host.page)).toBeLessThan(FEW_SECONDS);
      expect(await host.page.getByTestId('host-failed').textContent()).toContain('无法通过飞书登录');
      await shot(host.page, 'feishu-timeout-zh');
      await host.context.close();
    });

    it('Feishu desktop whose SDK script does not load', async () => {
      const host = await openHost({
        device: device(AGENTS.feishuWindows, 'en-US', true),
        native: feishuNative('answer'),
        serve: { [feishuSdkUrl]: 'abort' },
      });
      await host.page.goto(`${url}/#/feishu?appId=${FEISHU.appId}`);
      expect(await failureWithin(host.page)).toBeLessThan(FEW_SECONDS);
      expect(await host.page.getByTestId('host-failed').textContent()).toContain(
        'Could not sign in with Feishu',
      );
      await shot(host.page, 'feishu-desktop-failed-en');
      await host.context.close();
    });

    it('WeCom entry of a corp with no integration: the server says so', async () => {
      const host = await openHost({ device: device(AGENTS.wecomIos, 'zh-CN') });
      await host.page.goto(`${url}/#/wecom?corpId=wwunknowncorp`);
      expect(await failureWithin(host.page)).toBeLessThan(FEW_SECONDS);
      await shot(host.page, 'wecom-not-configured-zh');
      await host.context.close();
    });

    it('WeChat where the person refuses the authorisation', async () => {
      const host = await openHost({ device: device(AGENTS.wechatIos, 'en-US') });
      // the authorize page sends the browser back with the state only, as WeChat does on a refusal
      await host.context.route(`${hostFakes.weixinOauth}/**`, (route) => {
        const asked = new URL(route.request().url());
        const back = new URL(asked.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('state', asked.searchParams.get('state') ?? '');
        return route.fulfill({ status: 302, headers: { location: back.toString() } });
      });
      await host.page.goto(`${url}/#/wechat?appId=${WECHAT.appId}`);
      expect(await failureWithin(host.page)).toBeLessThan(FEW_SECONDS);
      expect(await host.page.getByTestId('host-failed').textContent()).toContain('not authorised');
      await shot(host.page, 'wechat-refused-en');
      await host.context.close();
    });
  });

  it('says a plain browser is not WeCom or WeChat on their entry pages', async () => {
    const host = await openHostPage({ device: device(USER_AGENTS.iphoneSafari, 'en-US') });
    await host.page.goto(`${url}/#/wecom?corpId=${WECOM.corpId}`);
    await expect.poll(() => host.page.getByTestId('env-not-in-host').textContent()).toContain('not WeCom');
    await shot(host.page, 'wecom-not-in-host-en');
    await host.page.goto(`${url}/#/wechat?appId=${WECHAT.appId}`);
    await expect.poll(() => host.page.getByTestId('env-not-in-host').textContent()).toContain('not WeChat');
    await host.context.close();
  });
});
