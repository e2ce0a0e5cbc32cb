import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../../../src/adapters/account-api';
import { bindHost } from '../../../../src/adapters/host-sign-in-api';
import { readHostBindTicket, writeHostBindTicket } from '../../../../src/adapters/host-storage';
import { writeLoginNotice } from '../../../../src/adapters/storage';
import { currentLanguage } from '../../../../src/i18n/i18n';
import { loginClientOf, useLoginPage, validateLoginForm } from '../../../../src/pages/login/use-login-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createDingtalkPlatform } from '../../../../src/platforms/dingtalk';
import { setClientConfig } from '../../../../src/adapters/config-api';
import { Providers, testConfig, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/account-api', () => ({ login: vi.fn() }));
vi.mock('../../../../src/adapters/host-sign-in-api', () => ({ bindHost: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

function fill(result: { current: ReturnType<typeof useLoginPage> }, agreed: boolean) {
  act(() =>
    result.current.update({ account: 'ada@demo.test', password: 'secret-1', autoLogin: true, agreed }),
  );
}

describe('useLoginPage', () => {
  beforeEach(async () => {
    vi.mocked(login).mockReset();
    sessionStore.clear();
    await useLanguage('zh-CN');
  });

  it('refuses to sign in without the agreement tick and does not call the API', async () => {
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    fill(result, false);
    await act(() => result.current.submit());
    expect(result.current.problem).toBe('errors.login.agreementRequired');
    expect(login).not.toHaveBeenCalled();
  });

  it('asks for the account and password before the agreement', () => {
    const empty = { account: ' ', password: '', autoLogin: false, agreed: false, loginType: 0 as const };
    expect(validateLoginForm(empty)).toBe('errors.login.accountRequired');
    expect(validateLoginForm({ ...empty, account: 'a@b.c' })).toBe('errors.login.passwordRequired');
    expect(validateLoginForm({ ...empty, account: 'a@b.c', password: 'x', agreed: true })).toBeNull();
  });

  it('signs in with the agreement, stores the session, adopts its language and goes home', async () => {
    vi.mocked(login).mockResolvedValue(testSession({ Lang: 'en-US', UIVersion: 'NEW' }));
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    fill(result, true);
    await act(() => result.current.submit());

    expect(login).toHaveBeenCalledWith({
      account: 'ada@demo.test',
      password: 'secret-1',
      autoLogin: true,
      agreed: true,
      productType: 'UC',
      loginClient: 'pc',
      loginType: 0,
    });
    expect(sessionStore.get().session?.AccountInfo.ID).toBe(7);
    expect(currentLanguage()).toBe('en-US');
    expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
  });

  it('lands on basic info for the nostalgia UI', async () => {
    vi.mocked(login).mockResolvedValue(testSession({ Lang: 'zh-CN', UIVersion: 'NOSTALGIA' }));
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    fill(result, true);
    await act(() => result.current.submit());
    expect(screen.getByTestId('location').textContent).toBe('/layout/info');
  });

  it('stays on the page when the server refuses', async () => {
    vi.mocked(login).mockRejectedValue(new Error('wrong password'));
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    fill(result, true);
    await act(() => result.current.submit());
    expect(sessionStore.get().session).toBeNull();
    expect(result.current.submitting).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows the forced-logout notice once after a forced logout', () => {
    writeLoginNotice('errors.auth.forcedLogout');
    const first = renderHook(() => useLoginPage(), { wrapper });
    expect(first.result.current.notice).toBe('errors.auth.forcedLogout');
    const second = renderHook(() => useLoginPage(), { wrapper });
    expect(second.result.current.notice).toBeNull();
  });

  it("shows the trial's end as a notice, under its own heading, when a trial organisation's session ended", () => {
    writeLoginNotice('errors.login.trialExpired');
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    expect(result.current.notice).toBe('errors.login.trialExpired');
    expect(result.current.noticeTitle).toBe('login.trialExpiredTitle');
    writeLoginNotice('errors.auth.forcedLogout');
    expect(renderHook(() => useLoginPage(), { wrapper }).result.current.noticeTitle).toBe(
      'login.forcedLogoutTitle',
    );
  });

  it('shows the lock as a notice when wrong old passwords locked the account', () => {
    writeLoginNotice('errors.login.locked');
    expect(renderHook(() => useLoginPage(), { wrapper }).result.current.notice).toBe('errors.login.locked');
  });
});

describe('useLoginPage with domain accounts', () => {
  beforeEach(async () => {
    vi.mocked(login).mockReset();
    sessionStore.clear();
    await useLanguage('zh-CN');
  });

  it('offers the domain-account switch only when some organisation has AD/LDAP sign-in on', () => {
    expect(renderHook(() => useLoginPage(), { wrapper }).result.current.domainLogin).toBe(false);
    setClientConfig({ ...testConfig, domainLogin: true });
    expect(renderHook(() => useLoginPage(), { wrapper }).result.current.domainLogin).toBe(true);
    setClientConfig(testConfig);
  });

  it('links the trial application and the trial sign-in while the trial module is on, neither when off', () => {
    const on = renderHook(() => useLoginPage(), { wrapper }).result.current.links;
    expect(on).toMatchObject({ register: '/applyTrial', trial: '/trial' });
    setClientConfig({ ...testConfig, modules: { ...testConfig.modules, register: false } });
    const off = renderHook(() => useLoginPage(), { wrapper }).result.current.links;
    expect(off).toMatchObject({ register: null, trial: null });
    setClientConfig(testConfig);
  });

  it('signs in with LoginType 1, asks for the domain account and hides the password reset', async () => {
    vi.mocked(login).mockResolvedValue(testSession({ LoginType: 1 }));
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    act(() => result.current.update({ loginType: 1, agreed: true }));
    expect(result.current.accountText).toEqual({
      label: 'login.domainAccount',
      placeholder: 'login.domainAccountPlaceholder',
    });
    expect(result.current.links.reset).toBeNull();
    await act(() => result.current.submit());
    expect(result.current.problem).toBe('errors.ldap.accountRequired');

    act(() => result.current.update({ account: ' LAB\\ada ', password: 'directory-pw' }));
    await act(() => result.current.submit());
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ account: 'LAB\\ada', loginType: 1 }));
    expect(sessionStore.get().session?.LoginType).toBe(1);
  });
});

describe('useLoginPage inside a chat host that found no account', () => {
  beforeEach(async () => {
    vi.mocked(login)
      .mockReset()
      .mockResolvedValue(testSession({ Lang: 'en-US' }));
    vi.mocked(bindHost).mockReset();
    sessionStore.clear();
    await useLanguage('en-US');
  });

  it('says the sign-in will link the host identity', () => {
    writeHostBindTicket({ platform: 'dingtalk', bindTicket: 'ticket-1' });
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    expect(result.current.bindNotice).toBe(
      'Sign in to link your DingTalk identity: next time DingTalk signs you in by itself.',
    );
  });

  it('says nothing of a link without a pending ticket', () => {
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    expect(result.current.bindNotice).toBeNull();
  });

  it('links the host identity with the kept ticket after the password sign-in, then goes home', async () => {
    writeHostBindTicket({ platform: 'feishu', bindTicket: 'ticket-2' });
    vi.mocked(bindHost).mockResolvedValue(undefined);
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    fill(result, true);
    await act(() => result.current.submit());
    expect(bindHost).toHaveBeenCalledWith('ticket-2');
    expect(readHostBindTicket()).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
  });

  it('still goes home when the link is refused, and does not try the spent ticket again', async () => {
    writeHostBindTicket({ platform: 'wecom', bindTicket: 'ticket-3' });
    vi.mocked(bindHost).mockRejectedValue(new Error('errors.host.alreadyBound'));
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    fill(result, true);
    await act(() => result.current.submit());
    expect(sessionStore.get().session).not.toBeNull();
    expect(readHostBindTicket()).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
  });

  it('links nothing after an ordinary sign-in', async () => {
    const { result } = renderHook(() => useLoginPage(), { wrapper });
    fill(result, true);
    await act(() => result.current.submit());
    expect(bindHost).not.toHaveBeenCalled();
  });
});

describe('loginClientOf', () => {
  it('names the host, or pc / mobile in a browser', () => {
    expect(loginClientOf({ kind: 'browser', formFactor: 'desktop' })).toBe('pc');
    expect(loginClientOf({ kind: 'browser', formFactor: 'mobile' })).toBe('mobile');
    expect(loginClientOf(createDingtalkPlatform('mobile'))).toBe('dingtalk');
  });
});
