import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostIntegration } from '../../../../domain/schemas/host-integrations';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  getPushConfig,
  savePushIntegration,
  sendDebugMessage,
} from '../../../../src/adapters/message-push-api';
import { translate } from '../../../../domain/i18n';
import { outcomeWords } from '../../../../src/pages/message-push/debug-outcome';
import { useMessagePushPage } from '../../../../src/pages/message-push/use-message-push-page';

vi.mock('../../../../src/adapters/message-push-api', () => ({
  getPushConfig: vi.fn(),
  savePushIntegration: vi.fn(),
  sendDebugMessage: vi.fn(),
}));

const WECOM: HostIntegration = {
  platform: 'wecom',
  corpId: 'wwacme',
  appKey: 'wwacme',
  appSecretMask: '********cret',
  agentId: '1000002',
  enabled: true,
  products: ['ELN'],
  updatedAt: 1_700_000_000_000,
};

async function ready() {
  const hook = renderHook(() => useMessagePushPage());
  await waitFor(() => expect(hook.result.current.status).toBe('ready'));
  return hook;
}

describe('useMessagePushPage', () => {
  beforeEach(() => {
    vi.mocked(getPushConfig)
      .mockReset()
      .mockResolvedValue({ integrations: [WECOM], licensedProducts: ['ELN', 'PM'] });
    vi.mocked(savePushIntegration).mockReset();
    vi.mocked(sendDebugMessage).mockReset();
  });

  it('says the organisation has no open capability when the server answers so, and fails plainly otherwise', async () => {
    vi.mocked(getPushConfig).mockRejectedValueOnce(
      new ApiError(403, 'errors.openness.notAuthorized', 'not authorised'),
    );
    const closed = renderHook(() => useMessagePushPage());
    await waitFor(() => expect(closed.result.current.status).toBe('notAuthorized'));
    vi.mocked(getPushConfig).mockRejectedValueOnce(new ApiError(500, 'errors.request.internal', 'boom'));
    const failed = renderHook(() => useMessagePushPage());
    await waitFor(() => expect(failed.result.current.status).toBe('failed'));
  });

  it('loads each host: a saved one as its form (secret empty, app key empty where it is the corp id), others off', async () => {
    const { result } = await ready();
    const wecom = result.current.integration('wecom');
    expect(wecom.draft).toEqual({
      enabled: true,
      corpId: 'wwacme',
      appKey: '',
      appSecret: '',
      agentId: '1000002',
      products: ['ELN'],
    });
    expect(wecom).toMatchObject({ editable: true, dirty: false, canSave: false, canDebug: true });
    expect(wecom.productChoices).toEqual(['ELN', 'PM']);
    const feishu = result.current.integration('feishu');
    expect(feishu).toMatchObject({ saved: null, editable: false, canSave: false, canDebug: false });
  });

  it('says the page failed when the configuration cannot be read', async () => {
    vi.mocked(getPushConfig).mockRejectedValue(new Error('down'));
    const { result } = renderHook(() => useMessagePushPage());
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });

  it('keeps the fields closed until the switch is on (SPEC §4), and then asks for what is missing', async () => {
    const { result } = await ready();
    expect(result.current.integration('dingtalk').editable).toBe(false);
    act(() => result.current.integration('dingtalk').update({ enabled: true }));
    expect(result.current.integration('dingtalk')).toMatchObject({ editable: true, canSave: true });
    let saved = true;
    await act(async () => {
      saved = await result.current.integration('dingtalk').save();
    });
    expect(saved).toBe(false);
    expect(result.current.integration('dingtalk').problems).toEqual({
      corpId: 'errors.host.idRequired',
      appSecret: 'errors.host.secretRequired',
    });
    expect(savePushIntegration).not.toHaveBeenCalled();
  });

  it('saves a host, takes the stored (masked) form back and allows the debug message then', async () => {
    const stored: HostIntegration = {
      ...WECOM,
      platform: 'dingtalk',
      corpId: 'dingacme',
      appKey: 'ding-key',
      appSecretMask: '********7d6c',
      agentId: '101',
      products: ['PM'],
    };
    vi.mocked(savePushIntegration).mockResolvedValue(stored);
    const { result } = await ready();
    act(() =>
      result.current.integration('dingtalk').update({
        enabled: true,
        corpId: 'dingacme',
        appKey: 'ding-key',
        appSecret: 'Ding-Secret-7d6c',
        agentId: '101',
        products: ['PM'],
      }),
    );
    expect(result.current.integration('dingtalk').canDebug).toBe(false);
    await act(async () => {
      expect(await result.current.integration('dingtalk').save()).toBe(true);
    });
    expect(savePushIntegration).toHaveBeenCalledWith({
      platform: 'dingtalk',
      enabled: true,
      corpId: 'dingacme',
      appKey: 'ding-key',
      appSecret: 'Ding-Secret-7d6c',
      agentId: '101',
      products: ['PM'],
    });
    const dingtalk = result.current.integration('dingtalk');
    expect(dingtalk.saved).toEqual(stored);
    expect(dingtalk.draft.appSecret).toBe('');
    expect(dingtalk).toMatchObject({ dirty: false, canDebug: true, problems: {} });
  });

  it('lets a saved host be switched off and saved without typing the secret again', async () => {
    vi.mocked(savePushIntegration).mockResolvedValue({ ...WECOM, enabled: false });
    const { result } = await ready();
    act(() => result.current.integration('wecom').update({ enabled: false }));
    expect(result.current.integration('wecom')).toMatchObject({ editable: false, canSave: true });
    await act(async () => {
      expect(await result.current.integration('wecom').save()).toBe(true);
    });
    expect(vi.mocked(savePushIntegration).mock.calls[0][0]).toMatchObject({ enabled: false, appSecret: '' });
    expect(result.current.integration('wecom').canDebug).toBe(false);
  });

  it("shows the platform's answer to a debug message, delivered or refused, in words", async () => {
    vi.mocked(sendDebugMessage)
      .mockResolvedValueOnce({
        delivered: true,
        result: 'delivered',
        message: 'WeCom accepted the message; look for it in WeCom',
        detail: 'message m-1',
      })
      .mockResolvedValueOnce({
        delivered: false,
        result: 'credentialsRejected',
        message: 'WeCom refused the app credentials; check the app key and app secret',
        detail: '40001 invalid credential',
      })
      .mockRejectedValueOnce(new ApiError(409, 'errors.push.notBound', 'Your account has no identity there'));
    const { result } = await ready();
    await act(() => result.current.integration('wecom').debug());
    expect(sendDebugMessage).toHaveBeenCalledWith('wecom');
    expect(result.current.integration('wecom').outcome).toEqual({
      ok: true,
      result: 'delivered',
      errorKey: null,
      message: 'WeCom accepted the message; look for it in WeCom',
      detail: 'message m-1',
    });
    await act(() => result.current.integration('wecom').debug());
    const refused = result.current.integration('wecom').outcome!;
    expect(refused).toMatchObject({
      ok: false,
      result: 'credentialsRejected',
      detail: '40001 invalid credential',
    });
    // Worded in the screen's language, whatever language the server answered in.
    expect(outcomeWords(refused, '企业微信', (key, params) => translate('zh-CN', key, params))).toBe(
      '企业微信拒绝了应用凭证，请检查 App Key 和 App Secret',
    );
    await act(() => result.current.integration('wecom').debug());
    const notBound = result.current.integration('wecom').outcome!;
    expect(notBound).toMatchObject({ ok: false, result: null, errorKey: 'errors.push.notBound', detail: '' });
    expect(outcomeWords(notBound, 'WeCom', (key, params) => translate('en-US', key, params))).toBe(
      translate('en-US', 'errors.push.notBound'),
    );
  });

  it('offers a chosen product that is no longer licensed beside the licensed ones, so it can be taken off', async () => {
    vi.mocked(getPushConfig).mockResolvedValue({
      integrations: [{ ...WECOM, products: ['ELN', 'SDH'] }],
      licensedProducts: ['ELN'],
    });
    const { result } = await ready();
    expect(result.current.integration('wecom').productChoices).toEqual(['ELN', 'SDH']);
  });
});
