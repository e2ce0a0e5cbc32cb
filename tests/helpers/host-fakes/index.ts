import { DingtalkFake } from './dingtalk-fake';
import { type FakeControl, remoteControl, serveFake } from './fake-server';
import { FeishuFake } from './feishu-fake';
import { WechatFake } from './wechat-fake';
import { WecomFake } from './wecom-fake';
import { WeixinOauthFake } from './weixin-oauth-fake';

export type { FakeAnswer, FakeControl, FakeHostUser, RecordedRequest } from './fake-server';
export type { DingtalkFake, FakeDingtalkApp } from './dingtalk-fake';
export type { FeishuFake, FakeFeishuApp } from './feishu-fake';
export type { FakeWecomApp, FakeWecomUser, WecomFake } from './wecom-fake';
export type { FakeWechatApp, WechatFake } from './wechat-fake';
export type { WeixinOauthFake } from './weixin-oauth-fake';

/** Base URLs of the running fakes (DingTalk's old and new API are one server). */
export interface HostFakeUrls {
  dingtalk: string;
  dingtalkNew: string;
  feishu: string;
  wecom: string;
  wechat: string;
  weixinOauth: string;
}

/** The control surface of each fake, without its implementation details. */
type Control<T extends FakeControl & { controlMethods: readonly string[] }> = FakeControl &
  Pick<T, Extract<T['controlMethods'][number], keyof T>>;

/** Every platform's fake, controlled the same way in process and from another process. */
export interface HostFakeControls {
  dingtalk: Control<DingtalkFake>;
  feishu: Control<FeishuFake>;
  wecom: Control<WecomFake>;
  wechat: Control<WechatFake>;
  oauth: Control<WeixinOauthFake>;
}

export interface HostFakes extends HostFakeControls {
  urls: HostFakeUrls;
  /** The portal's environment settings that point it at these fakes (DINGTALK_API_BASE, ...). */
  env: Record<string, string>;
  /** Forgets every fake's recorded requests, scripted answers and delay. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** The portal's environment settings for fakes at these URLs. */
export function hostFakeEnv(urls: HostFakeUrls): Record<string, string> {
  return {
    DINGTALK_API_BASE: urls.dingtalk,
    DINGTALK_NEW_API_BASE: urls.dingtalkNew,
    FEISHU_API_BASE: urls.feishu,
    WECOM_API_BASE: urls.wecom,
    WECHAT_API_BASE: urls.wechat,
    WEIXIN_OAUTH_BASE: urls.weixinOauth,
  };
}

/**
 * Starts loopback fakes of DingTalk (old and new API), Feishu, WeCom, a WeChat Official Account and the
 * OAuth authorize page of open.weixin.qq.com, each on 127.0.0.1 and a free port, speaking the platforms'
 * real HTTP shapes (integration facts §1-3). Register apps and people, issue codes, script errors, delays
 * and expired tokens through the returned controls; point the portal at them with `env`. Usable from
 * server tests and from the browser tests' global setup (whose test files reach them with
 * `connectHostFakes(urls)`).
 */
export async function startHostFakes(): Promise<HostFakes> {
  const dingtalk = new DingtalkFake();
  const feishu = new FeishuFake();
  const wecom = new WecomFake();
  const wechat = new WechatFake();
  const oauth = new WeixinOauthFake(wecom, wechat);
  const running = await Promise.all([dingtalk, feishu, wecom, wechat, oauth].map((fake) => serveFake(fake)));
  const [dingtalkServer, feishuServer, wecomServer, wechatServer, oauthServer] = running;
  const urls: HostFakeUrls = {
    dingtalk: dingtalkServer.url,
    dingtalkNew: dingtalkServer.url,
    feishu: feishuServer.url,
    wecom: wecomServer.url,
    wechat: wechatServer.url,
    weixinOauth: oauthServer.url,
  };
  return {
    dingtalk,
    feishu,
    wecom,
    wechat,
    oauth,
    urls,
    env: hostFakeEnv(urls),
    async reset() {
      await Promise.all([dingtalk, feishu, wecom, wechat, oauth].map((fake) => fake.reset()));
    },
    async close() {
      await Promise.all(running.map((server) => server.close()));
    },
  };
}

/**
 * The controls of fakes another process started (the browser tests' global setup), over each fake's
 * control endpoint: `await fakes.dingtalk.addUser(...)` works the same as in process.
 */
export function connectHostFakes(urls: HostFakeUrls): HostFakeControls {
  return {
    dingtalk: remoteControl(urls.dingtalk),
    feishu: remoteControl(urls.feishu),
    wecom: remoteControl(urls.wecom),
    wechat: remoteControl(urls.wechat),
    oauth: remoteControl(urls.weixinOauth),
  };
}
