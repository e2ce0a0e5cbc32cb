import requestAuthCode from 'dingtalk-jsapi/api/runtime/permission/requestAuthCode';
import { describe, expect, it } from 'vitest';
import { createPlatform } from '../../../src/platforms/create-platform';
import { PlatformError } from '../../../src/platforms/platform';

const options = { feishuSdkUrl: 'https://example.invalid/sdk.js' };

describe('createPlatform', () => {
  it('lets people sign out only in a plain browser', () => {
    expect(createPlatform({ kind: 'browser', formFactor: 'desktop' }, options).canLogout).toBe(true);
    for (const kind of ['dingtalk', 'feishu', 'wechat', 'wecom'] as const) {
      const platform = createPlatform({ kind, formFactor: 'mobile' }, options);
      expect(platform.kind).toBe(kind);
      expect(platform.formFactor).toBe('mobile');
      expect(platform.canLogout).toBe(false);
    }
  });

  it('refuses a sign-in code in a plain browser', async () => {
    const browser = createPlatform({ kind: 'browser', formFactor: 'desktop' }, options);
    await expect(browser.getAuthCode({ corpId: 'x' })).rejects.toBeInstanceOf(PlatformError);
  });

  it("loads a host's adapter with the first host call and hands the call on", async () => {
    const dingtalk = createPlatform({ kind: 'dingtalk', formFactor: 'mobile' }, options);
    await expect(dingtalk.getAuthCode({ corpId: 'ding123' })).resolves.toEqual({ code: 'dd-code' });
    expect(requestAuthCode).toHaveBeenCalledWith({ corpId: 'ding123' });
  });

  it('sets the document title at once inside a host, before its adapter has loaded', async () => {
    const feishu = createPlatform({ kind: 'feishu', formFactor: 'desktop' }, options);
    const pending = feishu.setTitle('账号中心');
    expect(document.title).toBe('账号中心');
    await pending;
  });
});
