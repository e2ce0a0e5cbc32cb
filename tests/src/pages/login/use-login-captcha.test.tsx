import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../../../src/adapters/account-api';
import { ApiError } from '../../../../src/adapters/api-client';
import { getCaptcha } from '../../../../src/adapters/password-reset-api';
import { asksForCaptcha } from '../../../../src/pages/login/use-login-captcha';
import { useLoginPage } from '../../../../src/pages/login/use-login-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/account-api', () => ({ login: vi.fn() }));
vi.mock('../../../../src/adapters/password-reset-api', () => ({ getCaptcha: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;
const wrong = (params?: Record<string, number>) =>
  new ApiError(401, 'errors.login.wrongCredentials', 'Account or password input wrong', params);
let captchas = 0;

function renderLogin() {
  const rendered = renderHook(() => useLoginPage(), { wrapper });
  act(() => rendered.result.current.update({ account: 'ada@demo.test', password: 'secret-1', agreed: true }));
  return rendered;
}

describe('the login captcha', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.clear();
    vi.mocked(login).mockReset();
    vi.mocked(getCaptcha)
      .mockReset()
      .mockImplementation(async () => {
        captchas += 1;
        return { CaptchaId: `captcha-${captchas}`, Image: `data:image/svg+xml,${captchas}`, ExpiresAt: 0 };
      });
  });

  it('is neither shown nor fetched while sign-ins succeed or fail without the server asking', async () => {
    vi.mocked(login).mockRejectedValue(wrong());
    const { result } = renderLogin();
    await act(() => result.current.submit());
    expect(result.current.captcha.shown).toBe(false);
    expect(getCaptcha).not.toHaveBeenCalled();
    expect(login).toHaveBeenCalledWith(expect.not.objectContaining({ captchaId: expect.anything() }));
  });

  it('appears when a failure says the next attempt needs one, and is sent with the typed answer', async () => {
    vi.mocked(login).mockRejectedValueOnce(wrong({ remaining: 2, captcha: 1 }));
    const { result } = renderLogin();
    await act(() => result.current.submit());
    expect(result.current.captcha.shown).toBe(true);
    await waitFor(() => expect(result.current.captcha.image).toBe('data:image/svg+xml,' + captchas));
    const first = `captcha-${captchas}`;

    // Without an answer nothing is sent.
    vi.mocked(login).mockClear();
    await act(() => result.current.submit());
    expect(result.current.problem).toBe('errors.captcha.required');
    expect(login).not.toHaveBeenCalled();

    vi.mocked(login).mockResolvedValueOnce(testSession());
    act(() => result.current.setCaptchaAnswer('k7mx'));
    expect(result.current.problem).toBeNull();
    await act(() => result.current.submit());
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ captchaId: first, captcha: 'k7mx' }));
    expect(sessionStore.get().session).not.toBeNull();
  });

  it('brings a new image and clears the answer after each refused attempt, as a captcha works once', async () => {
    vi.mocked(login).mockRejectedValue(new ApiError(401, 'errors.login.captchaRequired', 'Enter the code'));
    const { result } = renderLogin();
    await act(() => result.current.submit());
    await waitFor(() => expect(result.current.captcha.loading).toBe(false));
    const shownFirst = result.current.captcha.image;

    vi.mocked(login).mockRejectedValue(new ApiError(400, 'errors.captcha.wrong', 'Wrong code'));
    act(() => result.current.setCaptchaAnswer('ABCD'));
    await act(() => result.current.submit());
    await waitFor(() => expect(result.current.captcha.image).not.toBe(shownFirst));
    expect(result.current.captcha.answer).toBe('');
    expect(result.current.captcha.shown).toBe(true);
  });

  it('refreshes the image on a click', async () => {
    vi.mocked(login).mockRejectedValue(wrong({ captcha: 1 }));
    const { result } = renderLogin();
    await act(() => result.current.submit());
    await waitFor(() => expect(result.current.captcha.image).not.toBeNull());
    const before = vi.mocked(getCaptcha).mock.calls.length;
    await act(() => result.current.captcha.refresh());
    expect(vi.mocked(getCaptcha).mock.calls.length).toBe(before + 1);
  });
});

describe('asksForCaptcha', () => {
  it.each([
    [new ApiError(401, 'errors.login.captchaRequired', ''), true],
    [new ApiError(400, 'errors.captcha.expired', ''), true],
    [new ApiError(401, 'errors.login.wrongCredentialsRemaining', '', { remaining: 2, captcha: 1 }), true],
    [new ApiError(401, 'errors.login.wrongCredentials', ''), false],
    [new ApiError(429, 'errors.login.tooManyAttempts', ''), false],
    [new Error('network'), false],
  ])('%s: %s', (error, expected) => {
    expect(asksForCaptcha(error)).toBe(expected);
  });
});
