import wx from 'weixin-js-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWechatPlatform, OAUTH_REDIRECT_TIMEOUT_MS } from '../../../src/platforms/wechat';
import { createWecomPlatform } from '../../../src/platforms/wecom';

const navigation = () => ({ replace: vi.fn(), assign: vi.fn() });

describe.each([
  ['WeChat', createWechatPlatform, 'wechat'],
  ['WeCom', createWecomPlatform, 'wecom'],
] as const)('%s adapter', (_name, create, kind) => {
  beforeEach(() => {
    window.history.replaceState(null, '', `/#/${kind}?corpId=ww1`);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves for the authorize URL the server built, coming back to this page', async () => {
    vi.useFakeTimers();
    const nav = navigation();
    const authorizeUrl = vi.fn(
      async () => 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=ww1&state=s1#wechat_redirect',
    );
    const platform = create('mobile', nav);
    const pending = platform.getAuthCode({ corpId: 'ww1', authorizeUrl });
    const assertion = expect(pending).rejects.toMatchObject({ key: 'errors.env.hostTimeout' });
    await vi.advanceTimersByTimeAsync(0);
    expect(authorizeUrl).toHaveBeenCalledWith(`${window.location.origin}/`);
    expect(nav.replace).toHaveBeenCalledWith(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=ww1&state=s1#wechat_redirect',
    );
    // a page that does not leave says so after a while instead of spinning for ever
    await vi.advanceTimersByTimeAsync(OAUTH_REDIRECT_TIMEOUT_MS);
    await assertion;
  });

  it('takes the code and state the redirect brought back, once', async () => {
    window.history.replaceState(null, '', `/?code=${kind}-code&state=s1#/${kind}?corpId=ww1`);
    const nav = navigation();
    const authorizeUrl = vi.fn(async () => 'https://open.weixin.qq.com/x#wechat_redirect');
    const platform = create('mobile', nav);
    await expect(platform.getAuthCode({ authorizeUrl })).resolves.toEqual({
      code: `${kind}-code`,
      state: 's1',
    });
    expect(authorizeUrl).not.toHaveBeenCalled();
    expect(window.location.search).toBe('');
  });

  it('says the user refused when only the state came back', async () => {
    window.history.replaceState(null, '', `/?state=refused-${kind}#/${kind}`);
    const platform = create('mobile', navigation());
    await expect(platform.getAuthCode({})).rejects.toMatchObject({ key: 'errors.env.authDenied' });
  });

  it("keeps the server's own failure when it cannot build the authorize URL", async () => {
    const refusal = new Error('not configured');
    const platform = create('mobile', navigation());
    await expect(platform.getAuthCode({ authorizeUrl: () => Promise.reject(refusal) })).rejects.toBe(refusal);
  });

  it('opens a product in this web view by plain navigation', async () => {
    const nav = navigation();
    await create('mobile', nav).openLink('https://eln.example/');
    expect(nav.assign).toHaveBeenCalledWith('https://eln.example/');
  });

  it('closes the web view through weixin-js-sdk', async () => {
    await create('mobile', navigation()).close();
    expect(wx.closeWindow).toHaveBeenCalled();
  });
});
