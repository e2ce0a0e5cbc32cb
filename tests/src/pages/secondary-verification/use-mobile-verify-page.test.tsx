import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../../../src/adapters/account-api';
import { ApiError } from '../../../../src/adapters/api-client';
import { sendSecondaryCode, verifySecondary } from '../../../../src/adapters/secondary-verification-api';
import { bindHost } from '../../../../src/adapters/host-sign-in-api';
import { readHostBindTicket, writeHostBindTicket } from '../../../../src/adapters/host-storage';
import { readPendingVerification, writePendingVerification } from '../../../../src/adapters/storage';
import { currentLanguage } from '../../../../src/i18n/i18n';
import { useLoginPage } from '../../../../src/pages/login/use-login-page';
import { useMobileVerifyPage } from '../../../../src/pages/secondary-verification/use-mobile-verify-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/account-api', () => ({ login: vi.fn() }));
vi.mock('../../../../src/adapters/host-sign-in-api', () => ({ bindHost: vi.fn() }));
vi.mock('../../../../src/adapters/secondary-verification-api', () => ({
  sendSecondaryCode: vi.fn(),
  verifySecondary: vi.fn(),
}));

const PENDING = {
  Token: 'challenge-token',
  ExpiresAt: Date.now() + 600_000,
  Channels: [
    { CodeType: 1 as const, Masked: '138****0001' },
    { CodeType: 2 as const, Masked: 'an****@demo-lab.test' },
  ],
};

const at = (path: string) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <Providers path={path}>{children}</Providers>;
  };

describe('the login page hands a right password over to the security verification', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
    sessionStore.clear();
    sessionStorage.clear();
  });

  it('goes to /mobileVerify with the challenge and starts no session', async () => {
    vi.mocked(login).mockResolvedValue({ SecondaryVerify: PENDING });
    const { result } = renderHook(() => useLoginPage(), { wrapper: at('/login') });
    act(() => result.current.update({ account: 'analyst@demo-lab.test', password: 'pw', agreed: true }));
    await act(() => result.current.submit());
    expect(screen.getByTestId('location').textContent).toBe('/mobileVerify');
    expect(readPendingVerification()).toEqual(PENDING);
    expect(sessionStore.get().session).toBeNull();
  });
});

describe('useMobileVerifyPage', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
    sessionStore.clear();
    sessionStorage.clear();
    vi.mocked(sendSecondaryCode).mockReset().mockResolvedValue();
    vi.mocked(verifySecondary).mockReset();
  });

  const renderPage = () => renderHook(() => useMobileVerifyPage(), { wrapper: at('/mobileVerify') });

  it('offers the login when there is no challenge to answer', () => {
    const { result } = renderPage();
    expect(result.current.live).toBe(false);
    act(() => result.current.backToLogin());
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('lets the user choose phone or email, sends the code there and counts 60 s down', async () => {
    writePendingVerification(PENDING);
    const { result } = renderPage();
    expect(result.current).toMatchObject({ live: true, codeType: 1, target: '138****0001', isPhone: true });
    act(() => result.current.chooseChannel(2));
    expect(result.current.target).toBe('an****@demo-lab.test');
    await act(() => result.current.sendCode());
    expect(sendSecondaryCode).toHaveBeenCalledWith({ Token: 'challenge-token', CodeType: 2 });
    expect(result.current.sentTo).toBe('an****@demo-lab.test');
    expect(result.current.resendIn).toBe(60);
    await act(() => result.current.sendCode());
    expect(sendSecondaryCode).toHaveBeenCalledTimes(1);
  });

  it('checks the code is six digits before sending it', async () => {
    writePendingVerification(PENDING);
    const { result } = renderPage();
    act(() => result.current.setCode('12a3'));
    expect(result.current.code).toBe('123');
    await act(() => result.current.submit());
    expect(result.current.problem).toBe('errors.verification.codeFormat');
    expect(verifySecondary).not.toHaveBeenCalled();
  });

  it('signs in with the right code: the session, its language, home, and the challenge forgotten', async () => {
    writePendingVerification(PENDING);
    vi.mocked(verifySecondary).mockResolvedValue(testSession({ Lang: 'en-US' }));
    const { result } = renderPage();
    act(() => result.current.setCode('204517'));
    await act(() => result.current.submit());
    expect(verifySecondary).toHaveBeenCalledWith({ Token: 'challenge-token', VerificationCode: '204517' });
    expect(sessionStore.get().session?.AccountInfo.ID).toBe(7);
    expect(currentLanguage()).toBe('en-US');
    expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
    expect(readPendingVerification()).toBeNull();
  });

  it('keeps the challenge after a wrong code, and gives it up once the server says it is dead', async () => {
    writePendingVerification(PENDING);
    vi.mocked(verifySecondary).mockRejectedValueOnce(
      new ApiError(400, 'errors.verification.codeWrong', 'Incorrect verification code'),
    );
    const { result } = renderPage();
    act(() => result.current.setCode('000000'));
    await act(() => result.current.submit());
    expect(result.current.live).toBe(true);
    expect(result.current.code).toBe('');

    vi.mocked(verifySecondary).mockRejectedValueOnce(
      new ApiError(400, 'errors.secondaryVerification.tooManyTries', 'Too many wrong codes'),
    );
    act(() => result.current.setCode('000001'));
    await act(() => result.current.submit());
    expect(result.current.live).toBe(false);
    expect(readPendingVerification()).toBeNull();
    expect(sessionStore.get().session).toBeNull();
  });

  it("links a chat host's identity waiting for this sign-in once the code is right", async () => {
    writePendingVerification(PENDING);
    writeHostBindTicket({ platform: 'feishu', bindTicket: 'ticket-9' });
    vi.mocked(bindHost).mockResolvedValue(undefined);
    vi.mocked(verifySecondary).mockResolvedValue(testSession());
    const { result } = renderPage();
    act(() => result.current.setCode('204517'));
    await act(() => result.current.submit());
    expect(bindHost).toHaveBeenCalledWith('ticket-9');
    expect(readHostBindTicket()).toBeNull();
  });
});
