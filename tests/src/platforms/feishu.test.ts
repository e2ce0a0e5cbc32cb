import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFeishuPlatform, type FeishuTt } from '../../../src/platforms/feishu';
import { HOST_CALL_TIMEOUT_MS } from '../../../src/platforms/platform';

type Callbacks = { success: (result: { code: string }) => void; fail: (error: unknown) => void };

/** A Feishu adapter over a fake SDK; the real script is never loaded in unit tests. */
function feishuWith(tt: FeishuTt, loaded: FeishuTt | undefined = tt) {
  const loadSdk = vi.fn(async () => tt);
  const platform = createFeishuPlatform('mobile', {
    sdkUrl: 'https://example.invalid/h5-js-sdk.js',
    loadSdk,
    loadedSdk: () => loaded,
  });
  return { platform, loadSdk };
}

describe('Feishu adapter', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('loads the SDK from the configured URL and prefers requestAccess', async () => {
    const requestAccess = vi.fn(({ success }: Callbacks) => success({ code: 'fs-1' }));
    const requestAuthCode = vi.fn();
    const { platform, loadSdk } = feishuWith({ requestAccess, requestAuthCode });
    await expect(platform.getAuthCode({ appId: 'cli_1' })).resolves.toEqual({ code: 'fs-1' });
    expect(loadSdk).toHaveBeenCalledWith('https://example.invalid/h5-js-sdk.js');
    expect(requestAccess).toHaveBeenCalledWith(expect.objectContaining({ appID: 'cli_1', scopeList: [] }));
    expect(requestAuthCode).not.toHaveBeenCalled();
  });

  it('falls back to requestAuthCode on a client without requestAccess', async () => {
    const requestAuthCode = vi.fn(({ success }: Callbacks) => success({ code: 'fs-2' }));
    const { platform } = feishuWith({ requestAuthCode });
    await expect(platform.getAuthCode({ appId: 'cli_1' })).resolves.toEqual({ code: 'fs-2' });
    expect(requestAuthCode).toHaveBeenCalledWith(expect.objectContaining({ appId: 'cli_1' }));
  });

  it('falls back to requestAuthCode when requestAccess answers errno 103 (client too old)', async () => {
    const requestAccess = vi.fn(({ fail }: Callbacks) => fail({ errno: 103, errString: 'not support' }));
    const requestAuthCode = vi.fn(({ success }: Callbacks) => success({ code: 'fs-3' }));
    const { platform } = feishuWith({ requestAccess, requestAuthCode });
    await expect(platform.getAuthCode({ appId: 'cli_1' })).resolves.toEqual({ code: 'fs-3' });
  });

  it('reports any other requestAccess failure as a host failure', async () => {
    const requestAccess = vi.fn(({ fail }: Callbacks) => fail({ errno: 2600001, errString: 'denied' }));
    const requestAuthCode = vi.fn();
    const { platform } = feishuWith({ requestAccess, requestAuthCode });
    await expect(platform.getAuthCode({ appId: 'cli_1' })).rejects.toMatchObject({
      key: 'errors.env.hostFailed',
    });
    expect(requestAuthCode).not.toHaveBeenCalled();
  });

  it('needs the app id of the entry URL', async () => {
    const { platform, loadSdk } = feishuWith({});
    await expect(platform.getAuthCode({})).rejects.toMatchObject({ key: 'errors.env.noAuthCode' });
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('ends in errors.env.hostTimeout when the SDK never gets ready', async () => {
    vi.useFakeTimers();
    const platform = createFeishuPlatform('desktop', {
      sdkUrl: 'x',
      loadSdk: () => new Promise<FeishuTt>(() => undefined),
    });
    const assertion = expect(platform.getAuthCode({ appId: 'cli_1' })).rejects.toMatchObject({
      key: 'errors.env.hostTimeout',
    });
    await vi.advanceTimersByTimeAsync(HOST_CALL_TIMEOUT_MS + 100);
    await assertion;
  });

  it('ends in errors.env.hostTimeout when requestAccess never answers', async () => {
    vi.useFakeTimers();
    const { platform } = feishuWith({ requestAccess: () => undefined });
    const assertion = expect(platform.getAuthCode({ appId: 'cli_1' })).rejects.toMatchObject({
      key: 'errors.env.hostTimeout',
    });
    await vi.advanceTimersByTimeAsync(HOST_CALL_TIMEOUT_MS + 100);
    await assertion;
  });

  it('opens a product inside Feishu with tt.openSchema', async () => {
    const openSchema = vi.fn(({ success }: { success?: (r: unknown) => void }) => success?.({}));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { platform } = feishuWith({ openSchema });
    await platform.openLink('https://eln.example/');
    expect(openSchema).toHaveBeenCalledWith(
      expect.objectContaining({ schema: 'https://eln.example/', external: false }),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('hands Feishu a product the portal serves as an absolute address', async () => {
    const openSchema = vi.fn(({ success }: { success?: (r: unknown) => void }) => success?.({}));
    const { platform } = feishuWith({ openSchema });
    await platform.openLink('/demo-product/ELN');
    expect(openSchema).toHaveBeenCalledWith(
      expect.objectContaining({ schema: `${window.location.origin}/demo-product/ELN` }),
    );
  });

  it('opens a product with window.open when openSchema is missing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { platform } = feishuWith({});
    await platform.openLink('https://eln.example/');
    expect(open).toHaveBeenCalledWith('https://eln.example/', '_blank', 'noopener,noreferrer');
  });

  it('sets the navigation bar title once the SDK is loaded, and never loads it for a title', async () => {
    const setNavigationBarTitle = vi.fn(({ success }: { success?: (r: unknown) => void }) => success?.({}));
    const loaded = feishuWith({ setNavigationBarTitle });
    await loaded.platform.setTitle('账号中心');
    expect(document.title).toBe('账号中心');
    expect(setNavigationBarTitle).toHaveBeenCalledWith(expect.objectContaining({ title: '账号中心' }));

    const notYet = feishuWith({ setNavigationBarTitle }, undefined);
    await notYet.platform.setTitle('Home');
    expect(document.title).toBe('Home');
    expect(notYet.loadSdk).not.toHaveBeenCalled();
  });
});
