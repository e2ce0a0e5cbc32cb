import openLink from 'dingtalk-jsapi/api/biz/util/openLink';
import setTitle from 'dingtalk-jsapi/api/biz/navigation/setTitle';
import requestAuthCode from 'dingtalk-jsapi/api/runtime/permission/requestAuthCode';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDingtalkPlatform } from '../../../src/platforms/dingtalk';
import { HOST_CALL_TIMEOUT_MS } from '../../../src/platforms/platform';

// The union entry registers the host bridges; the per-API modules need it loaded first.
const entry = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('dingtalk-jsapi/entry/union', () => {
  entry.loaded += 1;
  return {};
});

describe('DingTalk adapter', () => {
  beforeEach(() => {
    vi.mocked(requestAuthCode).mockReset().mockResolvedValue({ code: 'dd-code' });
    vi.mocked(openLink).mockReset().mockResolvedValue({});
    vi.mocked(setTitle).mockReset().mockResolvedValue({});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('loads the union entry, then asks the per-API requestAuthCode for a code with the corp id', async () => {
    const dingtalk = createDingtalkPlatform('mobile');
    await expect(dingtalk.getAuthCode({ corpId: 'ding123' })).resolves.toEqual({ code: 'dd-code' });
    expect(entry.loaded).toBe(1);
    expect(requestAuthCode).toHaveBeenCalledWith({ corpId: 'ding123' });
  });

  it('needs the corp id of the entry URL', async () => {
    const dingtalk = createDingtalkPlatform('desktop');
    await expect(dingtalk.getAuthCode({})).rejects.toMatchObject({ key: 'errors.env.noAuthCode' });
    expect(requestAuthCode).not.toHaveBeenCalled();
  });

  it('says the host failed when the bridge refuses', async () => {
    vi.mocked(requestAuthCode).mockRejectedValue({ errorCode: '3', errorMessage: 'corpId invalid' });
    const dingtalk = createDingtalkPlatform('mobile');
    await expect(dingtalk.getAuthCode({ corpId: 'ding123' })).rejects.toMatchObject({
      key: 'errors.env.hostFailed',
    });
  });

  it('says so when the host answers without a code', async () => {
    vi.mocked(requestAuthCode).mockResolvedValue({ code: '' });
    const dingtalk = createDingtalkPlatform('mobile');
    await expect(dingtalk.getAuthCode({ corpId: 'ding123' })).rejects.toMatchObject({
      key: 'errors.env.noAuthCode',
    });
  });

  it('gives up with errors.env.hostTimeout when the bridge never answers', async () => {
    vi.useFakeTimers();
    vi.mocked(requestAuthCode).mockImplementation(() => new Promise(() => undefined));
    const dingtalk = createDingtalkPlatform('mobile');
    const pending = dingtalk.getAuthCode({ corpId: 'ding123' });
    const assertion = expect(pending).rejects.toMatchObject({ key: 'errors.env.hostTimeout' });
    await vi.advanceTimersByTimeAsync(HOST_CALL_TIMEOUT_MS + 100);
    await assertion;
  });

  it('opens a product with biz.util.openLink', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await createDingtalkPlatform('mobile').openLink('https://eln.example/');
    expect(openLink).toHaveBeenCalledWith({ url: 'https://eln.example/' });
    expect(open).not.toHaveBeenCalled();
  });

  it('hands DingTalk a product the portal serves as an absolute address', async () => {
    await createDingtalkPlatform('mobile').openLink('/demo-product/ELN');
    expect(openLink).toHaveBeenCalledWith({ url: `${window.location.origin}/demo-product/ELN` });
  });

  it('opens a product in a new tab when openLink fails', async () => {
    vi.mocked(openLink).mockRejectedValue(new Error('not supported'));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await createDingtalkPlatform('desktop').openLink('https://eln.example/');
    expect(open).toHaveBeenCalledWith('https://eln.example/', '_blank', 'noopener,noreferrer');
  });

  it("sets the document title and DingTalk's navigation bar, and survives a client without it", async () => {
    const dingtalk = createDingtalkPlatform('mobile');
    await dingtalk.setTitle('账号中心');
    expect(document.title).toBe('账号中心');
    expect(setTitle).toHaveBeenCalledWith({ title: '账号中心' });
    vi.mocked(setTitle).mockRejectedValue(new Error('old client'));
    await expect(dingtalk.setTitle('Home')).resolves.toBeUndefined();
    expect(document.title).toBe('Home');
  });
});
