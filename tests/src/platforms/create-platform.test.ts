import requestAuthCode from 'dingtalk-jsapi/api/runtime/permission/requestAuthCode';
import { describe, expect, it, vi } from 'vitest';
import { createPlatform } from '../../../src/platforms/create-platform';
import { createFeishuPlatform } from '../../../src/platforms/feishu';
import { PlatformError, withTimeout } from '../../../src/platforms/platform';
import { authCodeFromSearch } from '../../../src/platforms/wechat';

const options = { feishuSdkUrl: 'https://example.invalid/sdk.js' };

describe('createPlatform', () => {
  it('lets people sign out only in a plain browser', () => {
    expect(createPlatform({ kind: 'browser', formFactor: 'desktop' }, options).canLogout).toBe(true);
    for (const kind of ['dingtalk', 'feishu', 'wechat', 'wecom'] as const) {
      const platform = createPlatform({ kind, formFactor: 'mobile' }, options);
      expect(platform.kind).toBe(kind);
      expect(platform.canLogout).toBe(false);
    }
  });

  it('refuses a sign-in code in a plain browser', async () => {
    const browser = createPlatform({ kind: 'browser', formFactor: 'desktop' }, options);
    await expect(browser.getAuthCode({ corpId: 'x' })).rejects.toBeInstanceOf(PlatformError);
  });
});

describe('DingTalk adapter', () => {
  it('asks the per-API requestAuthCode module for a code with the corp id', async () => {
    const dingtalk = createPlatform({ kind: 'dingtalk', formFactor: 'mobile' }, options);
    await expect(dingtalk.getAuthCode({ corpId: 'ding123' })).resolves.toBe('dd-code');
    expect(requestAuthCode).toHaveBeenCalledWith({ corpId: 'ding123' });
  });

  it('gives up with errors.env.hostTimeout when the bridge never answers', async () => {
    vi.useFakeTimers();
    try {
      vi.mocked(requestAuthCode).mockImplementationOnce(() => new Promise(() => undefined));
      const dingtalk = createPlatform({ kind: 'dingtalk', formFactor: 'mobile' }, options);
      const pending = dingtalk.getAuthCode({ corpId: 'ding123' });
      const assertion = expect(pending).rejects.toMatchObject({ key: 'errors.env.hostTimeout' });
      await vi.advanceTimersByTimeAsync(10_000);
      await assertion;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Feishu adapter', () => {
  it('prefers requestAccess and never loads the real script in tests', async () => {
    const requestAccess = vi.fn(({ success }: { success: (r: { code: string }) => void }) =>
      success({ code: 'fs-1' }),
    );
    const loadSdk = vi.fn(async () => ({ requestAccess }));
    const feishu = createFeishuPlatform('desktop', { sdkUrl: 'https://example.invalid/sdk.js', loadSdk });
    await expect(feishu.getAuthCode({ appId: 'cli_1' })).resolves.toBe('fs-1');
    expect(loadSdk).toHaveBeenCalledWith('https://example.invalid/sdk.js');
    expect(requestAccess).toHaveBeenCalledWith(expect.objectContaining({ appID: 'cli_1', scopeList: [] }));
  });

  it('falls back to requestAuthCode on older clients', async () => {
    const requestAuthCode = vi.fn(({ success }: { success: (r: { code: string }) => void }) =>
      success({ code: 'fs-2' }),
    );
    const feishu = createFeishuPlatform('mobile', {
      sdkUrl: 'x',
      loadSdk: async () => ({ requestAuthCode }),
    });
    await expect(feishu.getAuthCode({ appId: 'cli_1' })).resolves.toBe('fs-2');
    expect(requestAuthCode).toHaveBeenCalledWith(expect.objectContaining({ appId: 'cli_1' }));
  });
});

describe('WeChat and WeCom', () => {
  it('read the OAuth code the redirect put in the query', () => {
    expect(authCodeFromSearch('?code=abc&state=s')).toBe('abc');
    expect(() => authCodeFromSearch('?state=s')).toThrow(PlatformError);
  });
});

describe('withTimeout', () => {
  it('wraps a host failure as errors.env.hostFailed', async () => {
    await expect(withTimeout(Promise.reject(new Error('bridge down')), 1000)).rejects.toMatchObject({
      key: 'errors.env.hostFailed',
    });
  });
});
