import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import { getAuthorizeUrl, hostSignIn } from '../../../../src/adapters/host-sign-in-api';
import { readHostBindTicket, readHostEntry, writeHostEntry } from '../../../../src/adapters/host-storage';
import { currentLanguage } from '../../../../src/i18n/i18n';
import { useHostSignInPage } from '../../../../src/pages/host/use-host-sign-in-page';
import type { HostKind } from '../../../../src/pages/paths';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { PlatformError, type Platform } from '../../../../src/platforms/platform';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/host-sign-in-api', () => ({
  hostSignIn: vi.fn(),
  getAuthorizeUrl: vi.fn(),
  bindHost: vi.fn(),
}));

/** A host adapter whose sign-in code the test decides. */
function hostPlatform(kind: HostKind, getAuthCode: Platform['getAuthCode']): Platform {
  return { ...createBrowserPlatform('mobile'), kind, canLogout: false, getAuthCode: vi.fn(getAuthCode) };
}

function renderPage(host: HostKind, platform: Platform, path: string, strict = false) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers platform={platform} path={path}>
      {children}
    </Providers>
  );
  return renderHook(() => useHostSignInPage(host), { wrapper, reactStrictMode: strict });
}

const location = () => screen.getByTestId('location').textContent;

describe('useHostSignInPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.clear();
    vi.mocked(hostSignIn).mockReset();
    vi.mocked(getAuthorizeUrl).mockReset();
  });

  it("says a plain browser is not DingTalk, in SPEC's words, and asks nothing of any host", () => {
    const browser = createBrowserPlatform('desktop');
    const getAuthCode = vi.spyOn(browser, 'getAuthCode');
    const { result } = renderPage('dingtalk', browser, '/dingding?corpId=ding1');
    expect(result.current.phase).toBe('notInHost');
    expect(result.current.message).toBe('The current environment is not DingTalk');
    expect(getAuthCode).not.toHaveBeenCalled();
  });

  it.each([
    ['feishu', 'The current environment is not Feishu'],
    ['wecom', 'The current environment is not WeCom'],
    ['wechat', 'The current environment is not WeChat'],
  ] as const)('says a plain browser is not %s', (host, message) => {
    const { result } = renderPage(host, createBrowserPlatform('mobile'), `/${host}`);
    expect(result.current.message).toBe(message);
  });

  it('signs in with the host code, like a password sign-in: session, language, card home', async () => {
    vi.mocked(hostSignIn).mockResolvedValue(testSession({ Lang: 'zh-CN' }));
    const platform = hostPlatform('dingtalk', async () => ({ code: 'dd-code' }));
    const { result } = renderPage('dingtalk', platform, '/dingding?corpId=ding1');
    expect(result.current.phase).toBe('signingIn');
    expect(result.current.title).toBe('Signing you in with DingTalk…');
    await waitFor(() => expect(location()).toBe('/cardModeIndex'));
    expect(platform.getAuthCode).toHaveBeenCalledWith(expect.objectContaining({ corpId: 'ding1' }));
    expect(hostSignIn).toHaveBeenCalledWith({ platform: 'dingtalk', code: 'dd-code', corpId: 'ding1' });
    expect(sessionStore.get().session?.AccountInfo.ID).toBe(7);
    expect(currentLanguage()).toBe('zh-CN');
  });

  it('asks the host only once per attempt, even when React runs the effect twice', async () => {
    vi.mocked(hostSignIn).mockResolvedValue(testSession());
    const platform = hostPlatform('feishu', async () => ({ code: 'fs-code' }));
    renderPage('feishu', platform, '/feishu?appId=cli_1', true);
    await waitFor(() => expect(location()).toBe('/cardModeIndex'));
    expect(platform.getAuthCode).toHaveBeenCalledTimes(1);
    expect(hostSignIn).toHaveBeenCalledTimes(1);
  });

  it('keeps the bind ticket and shows the ask-your-administrator page when no account matches', async () => {
    vi.mocked(hostSignIn).mockRejectedValue(
      new ApiError(403, 'errors.host.noAccount', 'No account', { bindTicket: 'ticket-1' }),
    );
    const platform = hostPlatform('feishu', async () => ({ code: 'fs-code' }));
    const { result } = renderPage('feishu', platform, '/feishu?appId=cli_1');
    await waitFor(() => expect(result.current.phase).toBe('noAccount'));
    expect(result.current.title).toBe('No account found for you');
    expect(result.current.message).toContain('administrator');
    expect(readHostBindTicket()).toEqual({ platform: 'feishu', bindTicket: 'ticket-1' });
    expect(sessionStore.get().session).toBeNull();
    expect(result.current.loginPath).toBe('/login');
  });

  it('ends a host that never answers in its message, and tries again on request', async () => {
    const getAuthCode = vi
      .fn<Platform['getAuthCode']>()
      .mockRejectedValueOnce(new PlatformError('errors.env.hostTimeout'))
      .mockResolvedValueOnce({ code: 'dd-2' });
    vi.mocked(hostSignIn).mockResolvedValue(testSession());
    const platform = hostPlatform('dingtalk', getAuthCode);
    const { result } = renderPage('dingtalk', platform, '/dingding?corpId=ding1');
    await waitFor(() => expect(result.current.phase).toBe('failed'));
    expect(result.current.title).toBe('Could not sign in with DingTalk');
    expect(result.current.message).toBe('The app did not answer. Please try again later.');
    expect(hostSignIn).not.toHaveBeenCalled();
    act(() => result.current.retry());
    expect(result.current.phase).toBe('signingIn');
    await waitFor(() => expect(location()).toBe('/cardModeIndex'));
    expect(hostSignIn).toHaveBeenCalledWith(expect.objectContaining({ code: 'dd-2' }));
  });

  it("shows the server's own words for a refusal (integration not configured)", async () => {
    vi.mocked(hostSignIn).mockRejectedValue(
      new ApiError(403, 'errors.host.notConfigured', 'Sign-in inside the app is not set up'),
    );
    const platform = hostPlatform('dingtalk', async () => ({ code: 'dd-code' }));
    const { result } = renderPage('dingtalk', platform, '/dingding?corpId=ding1');
    await waitFor(() => expect(result.current.phase).toBe('failed'));
    expect(result.current.message).toBe('Sign-in inside the app is not set up');
  });

  it('names the missing id of an entry URL without asking the host', async () => {
    const platform = hostPlatform('dingtalk', async () => ({ code: 'dd-code' }));
    const { result } = renderPage('dingtalk', platform, '/dingding');
    await waitFor(() => expect(result.current.phase).toBe('failed'));
    expect(result.current.message).toContain('corpId');
    expect(platform.getAuthCode).not.toHaveBeenCalled();
  });

  it('remembers where a WeCom redirect started and the state it carries', async () => {
    vi.mocked(getAuthorizeUrl).mockResolvedValue(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=ww1&state=org7.abc#wechat_redirect',
    );
    const platform = hostPlatform('wecom', async ({ authorizeUrl }) => {
      await authorizeUrl?.('https://uc.example/');
      return new Promise(() => undefined); // the page is leaving
    });
    renderPage('wecom', platform, '/wecom?corpId=ww1&agentId=1000002');
    await waitFor(() => expect(readHostEntry()).not.toBeNull());
    expect(getAuthorizeUrl).toHaveBeenCalledWith({
      platform: 'wecom',
      corpId: 'ww1',
      agentId: '1000002',
      appId: undefined,
      redirectUri: 'https://uc.example/',
    });
    expect(readHostEntry()).toEqual({ route: '/wecom?corpId=ww1&agentId=1000002', state: 'org7.abc' });
  });

  it('signs in with the code and state the redirect brought back, when the state is the one given', async () => {
    writeHostEntry({ route: '/wechat?appId=wx1', state: 'org7.abc' });
    vi.mocked(hostSignIn).mockResolvedValue(testSession());
    const platform = hostPlatform('wechat', async () => ({ code: 'wx-code', state: 'org7.abc' }));
    renderPage('wechat', platform, '/wechat?appId=wx1');
    await waitFor(() => expect(location()).toBe('/cardModeIndex'));
    expect(hostSignIn).toHaveBeenCalledWith({
      platform: 'wechat',
      code: 'wx-code',
      appId: 'wx1',
      corpId: undefined,
      state: 'org7.abc',
    });
  });

  it('refuses a code that came back with another state than this tab was given', async () => {
    writeHostEntry({ route: '/wechat?appId=wx1', state: 'org7.mine' });
    const platform = hostPlatform('wechat', async () => ({ code: 'wx-code', state: 'org7.other' }));
    const { result } = renderPage('wechat', platform, '/wechat?appId=wx1');
    await waitFor(() => expect(result.current.phase).toBe('failed'));
    expect(result.current.message).toBe('This sign-in has expired. Please try again.');
    expect(hostSignIn).not.toHaveBeenCalled();
  });
});
