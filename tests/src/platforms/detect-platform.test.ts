import { describe, expect, it } from 'vitest';
import {
  detectFormFactor,
  detectPlatform,
  type FormFactor,
  isDingtalkContainer,
  type PlatformKind,
} from '../../../src/platforms/detect-platform';

/** Real user-agent strings as the hosts and browsers send them. */
const CASES: Array<[string, string, PlatformKind, FormFactor]> = [
  [
    'DingTalk iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.0.30) com.laiwang.DingTalk/29807245 Channel/201200 language/zh-Hans-CN UT4Aplus/0.0.6 WK',
    'dingtalk',
    'mobile',
  ],
  [
    'DingTalk Android',
    'Mozilla/5.0 (Linux; U; Android 12; zh-CN; V2148A Build/SP1A.210812.003) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.43 Mobile Safari/537.36 AliApp(DingTalk/7.0.25) com.alibaba.android.rimet/29427498 Channel/227200 language/zh-CN abi/64 UT4Aplus/0.2.25 colorScheme/light',
    'dingtalk',
    'mobile',
  ],
  [
    'DingTalk Windows',
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Safari/537.36 dingtalk-win/1.0.0 nw(0.14.7) DingTalk(6.5.40-Release.5309101) Mojo/1.0.0 Native AppType(release) Channel/201200',
    'dingtalk',
    'desktop',
  ],
  [
    'DingTalk macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.124 Safari/537.36 DingTalk(7.0.20-macOS-20366193) nw Channel/201200 Architecture/x86_64',
    'dingtalk',
    'desktop',
  ],
  [
    'Feishu iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Lark/6.9.5 LarkLocale/zh_CN ChannelName/Feishu TTWebView/1180010037016',
    'feishu',
    'mobile',
  ],
  [
    'Feishu Android',
    'Mozilla/5.0 (Linux; Android 13; M2012K11AC Build/TKQ1.220829.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.105 Mobile Safari/537.36 Lark/6.8.6 LarkLocale/zh_CN ChannelName/Feishu TTWebView/0621110022907',
    'feishu',
    'mobile',
  ],
  [
    'Lark desktop',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Lark/7.4.7 Chrome/114.0.5735.289 Electron/25.9.8 Safari/537.36 LarkLocale/en_US ttnet SDK-Version/7.4.10',
    'feishu',
    'desktop',
  ],
  [
    'Feishu Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Feishu/7.1.8 Chrome/108.0.5359.215 Electron/22.3.27 Safari/537.36 LarkLocale/zh_CN ttnet SDK-Version/7.1.13',
    'feishu',
    'desktop',
  ],
  [
    'WeChat iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.42(0x18002a2c) NetType/WIFI Language/zh_CN',
    'wechat',
    'mobile',
  ],
  [
    'WeChat Android',
    'Mozilla/5.0 (Linux; Android 12; PEQM00 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5127 MMWEBSDK/20230604 MMWEBID/2520 MicroMessenger/8.0.38.2400(0x28002653) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    'wechat',
    'mobile',
  ],
  [
    'WeChat Windows',
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x6309021a) XWEB/6763',
    'wechat',
    'desktop',
  ],
  [
    'WeCom iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.6 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
    'wecom',
    'mobile',
  ],
  [
    'WeCom Android',
    'Mozilla/5.0 (Linux; Android 11; M2007J3SC Build/RKQ1.200826.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/6.2 TBS/046011 Mobile Safari/537.36 wxwork/4.0.19 ColorScheme/Light MicroMessenger/7.0.1 NetType/WIFI Language/zh Lang/zh',
    'wecom',
    'mobile',
  ],
  [
    'WeCom Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/53.0.2785.116 Safari/537.36 QBCore/4.0.1326.400 QQBrowser/9.0.2524.400 Mozilla/5.0 (Windows NT 6.2; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 wxwork/4.0.8 (MicroMessenger/6.2) WindowsWechat MailPlugin_Electron WeMail embeddisk',
    'wecom',
    'desktop',
  ],
  [
    'Safari iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    'browser',
    'mobile',
  ],
  [
    'Chrome Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    'browser',
    'mobile',
  ],
  [
    'Chrome iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    'browser',
    'mobile',
  ],
  [
    'Safari iPad',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    'browser',
    'mobile',
  ],
  [
    'Chrome Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'browser',
    'desktop',
  ],
  [
    'Chrome Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'browser',
    'desktop',
  ],
  [
    'Firefox Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
    'browser',
    'desktop',
  ],
  [
    'Edge Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
    'browser',
    'desktop',
  ],
  [
    'Safari macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
    'browser',
    'desktop',
  ],
];

describe('detectPlatform', () => {
  it.each(CASES)('%s is %s on %s', (_name, userAgent, kind, formFactor) => {
    expect(detectPlatform(userAgent)).toEqual({ kind, formFactor });
  });

  it('puts WeCom before WeChat although its user agent names MicroMessenger too', () => {
    const wecom = CASES.filter(([, , kind]) => kind === 'wecom');
    expect(wecom.length).toBeGreaterThan(0);
    for (const [, userAgent] of wecom) expect(userAgent).toMatch(/MicroMessenger/);
  });

  it('does not take a locale tag like LarkLocale alone for Feishu', () => {
    expect(detectPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 LarkLocale/en_US').kind).toBe(
      'browser',
    );
  });
});

describe('detectFormFactor', () => {
  const desktopChrome = CASES.find(([name]) => name === 'Chrome Windows')![1];

  it('gives a narrow desktop window the phone layout', () => {
    expect(detectFormFactor(desktopChrome, { viewportWidth: 390 })).toBe('mobile');
    expect(detectFormFactor(desktopChrome, { viewportWidth: 767 })).toBe('mobile');
  });

  it('keeps a wide or unknown viewport on desktop', () => {
    expect(detectFormFactor(desktopChrome, { viewportWidth: 768 })).toBe('desktop');
    expect(detectFormFactor(desktopChrome, { viewportWidth: 1440 })).toBe('desktop');
    expect(detectFormFactor(desktopChrome, { viewportWidth: 0 })).toBe('desktop');
    expect(detectFormFactor(desktopChrome)).toBe('desktop');
  });

  it('keeps a phone on mobile however wide it reports itself', () => {
    const iphone = CASES.find(([name]) => name === 'Safari iPhone')![1];
    expect(detectFormFactor(iphone, { viewportWidth: 1024 })).toBe('mobile');
  });
});

describe('DingTalk PC container', () => {
  const chrome = CASES.find(([name]) => name === 'Chrome Windows')![1];
  const dingtalkWindows = CASES.find(([name]) => name === 'DingTalk Windows')![1];
  const container = (value: unknown) => ({ windowName: JSON.stringify(value), hasInvokeApi: false });

  it('is known by window.name JSON with a containerId and a hostOrigin under .dingtalk.com', () => {
    expect(isDingtalkContainer(container({ containerId: 'c1', hostOrigin: 'https://im.dingtalk.com' }))).toBe(
      true,
    );
    expect(
      isDingtalkContainer(container({ containerId: 'c1', hostOrigin: 'http://h5.dingtalk.com:8080' })),
    ).toBe(true);
  });

  it('is known by the direct invokeAPI bridge', () => {
    expect(isDingtalkContainer({ windowName: '', hasInvokeApi: true })).toBe(true);
  });

  it('is not fooled by another origin, a missing containerId or a name that is not JSON', () => {
    expect(
      isDingtalkContainer(container({ containerId: 'c1', hostOrigin: 'https://dingtalk.com.evil.test' })),
    ).toBe(false);
    expect(
      isDingtalkContainer(container({ containerId: 'c1', hostOrigin: 'https://evildingtalk.com' })),
    ).toBe(false);
    expect(isDingtalkContainer(container({ hostOrigin: 'https://im.dingtalk.com' }))).toBe(false);
    expect(isDingtalkContainer({ windowName: 'popup', hasInvokeApi: false })).toBe(false);
    expect(isDingtalkContainer({ windowName: '{not json}', hasInvokeApi: false })).toBe(false);
  });

  it('makes a page DingTalk on the desktop even when its user agent does not say DingTalk', () => {
    expect(detectPlatform(chrome, { dingtalkContainer: true, viewportWidth: 420 })).toEqual({
      kind: 'dingtalk',
      formFactor: 'desktop',
    });
  });

  it("keeps DingTalk PC's narrow side panel on the desktop shell: the host's form factor decides", () => {
    expect(detectPlatform(dingtalkWindows, { viewportWidth: 420 })).toEqual({
      kind: 'dingtalk',
      formFactor: 'desktop',
    });
    const feishuDesktop = CASES.find(([name]) => name === 'Feishu Windows')![1];
    expect(detectPlatform(feishuDesktop, { viewportWidth: 500 }).formFactor).toBe('desktop');
  });

  it('does not turn another host into DingTalk', () => {
    const wecom = CASES.find(([name]) => name === 'WeCom Windows')![1];
    expect(detectPlatform(wecom, { dingtalkContainer: true }).kind).toBe('wecom');
  });
});
