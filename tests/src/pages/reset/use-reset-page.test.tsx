import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEstimator } from '../../../../src/pages/password/use-password-feedback';
import { ApiError } from '../../../../src/adapters/api-client';
import { setClientConfig } from '../../../../src/adapters/config-api';
import {
  getCaptcha,
  getResetOptions,
  resetPassword,
  sendResetCode,
  verifyResetCode,
  verifyResetOldPassword,
} from '../../../../src/adapters/password-reset-api';
import { useResetPage } from '../../../../src/pages/reset/use-reset-page';
import { Providers, testConfig, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/password-reset-api', () => ({
  getCaptcha: vi.fn(),
  getResetOptions: vi.fn(),
  sendResetCode: vi.fn(),
  verifyResetCode: vi.fn(),
  verifyResetOldPassword: vi.fn(),
  resetPassword: vi.fn(),
}));

const wrapper = ({ children }: { children: ReactNode }) => <Providers path="/reset">{children}</Providers>;
const rules = {
  MinLength: 10,
  MaxLength: 64,
  RequiredClasses: ['digit' as const],
  Expiry: 'never',
  HistoryDepth: 3,
};
let captchas = 0;

async function renderPage() {
  const rendered = renderHook(() => useResetPage(), { wrapper });
  await waitFor(() => expect(rendered.result.current.captcha.id).not.toBeNull());
  return rendered;
}

// The estimator's chunk (most of a megabyte of dictionaries) loaded once, before any page waits for it.
beforeAll(async () => {
  await loadEstimator();
}, 30_000);

describe('useResetPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    vi.mocked(getCaptcha)
      .mockReset()
      .mockImplementation(async () => {
        captchas += 1;
        return { CaptchaId: `captcha-${captchas}`, Image: 'data:image/svg+xml;base64,', ExpiresAt: 0 };
      });
    vi.mocked(getResetOptions)
      .mockReset()
      .mockResolvedValue({ CodeTypes: [1, 2] });
    vi.mocked(sendResetCode).mockReset().mockResolvedValue();
    vi.mocked(verifyResetCode).mockReset();
    vi.mocked(verifyResetOldPassword).mockReset();
    vi.mocked(resetPassword).mockReset().mockResolvedValue();
  });
  afterEach(() => setClientConfig(testConfig));

  it('enables the send button only for a well-formed account and captcha', async () => {
    const { result } = await renderPage();
    expect(result.current.codeType).toBe(1);
    expect(result.current.canSend).toBe(false);
    act(() => result.current.update({ account: '13900000001', captcha: 'ab1' }));
    expect(result.current.canSend).toBe(false);
    act(() => result.current.update({ captcha: 'ab1c' }));
    expect(result.current.canSend).toBe(true);
    act(() => result.current.update({ account: 'ada@lab.test' }));
    expect(result.current.canSend).toBe(false);
    act(() => result.current.chooseWay(2));
    expect(result.current.form.account).toBe('');
    act(() => result.current.update({ account: 'ada@lab.test' }));
    expect(result.current.canSend).toBe(true);
  });

  it('offers email only in a project deployment, and what the server offers', async () => {
    setClientConfig({ ...testConfig, deployment: 'project' });
    vi.mocked(getResetOptions).mockResolvedValue({ CodeTypes: [2] });
    const { result } = await renderPage();
    expect(result.current.codeTypes).toEqual([2]);
    expect(result.current.codeType).toBe(2);
    expect(result.current.isPhone).toBe(false);
  });

  it('sends the code, then waits 60 s and asks for a new captcha (each is checked once)', async () => {
    const { result } = await renderPage();
    const first = result.current.captcha.id;
    act(() => result.current.update({ account: ' 13900000001 ', captcha: 'KM7P' }));
    await act(() => result.current.sendCode());
    expect(sendResetCode).toHaveBeenCalledWith({
      account: '13900000001',
      codeType: 1,
      captchaId: first,
      validCode: 'KM7P',
    });
    expect(result.current.resendIn).toBe(60);
    expect(result.current.codeSent).toBe(true);
    expect(result.current.form.captcha).toBe('');
    await waitFor(() => expect(result.current.captcha.id).not.toBe(first));
    act(() => result.current.update({ captcha: 'HN3W' }));
    expect(result.current.canSend).toBe(false);
  });

  it('takes a new captcha after a refused send, without a countdown', async () => {
    vi.mocked(sendResetCode).mockRejectedValue(new ApiError(400, 'errors.captcha.wrong', 'wrong'));
    const { result } = await renderPage();
    act(() => result.current.update({ account: '13900000001', captcha: 'KM7P' }));
    await act(() => result.current.sendCode());
    expect(result.current.resendIn).toBe(0);
    expect(result.current.codeSent).toBe(false);
    await waitFor(() => expect(result.current.captcha.id).toBe(`captcha-${captchas}`));
    expect(result.current.form.captcha).toBe('');
  });

  it('checks the code is six digits before verifying, then moves on with the policy hints', async () => {
    vi.mocked(verifyResetCode).mockResolvedValue({ ResetToken: 'token-1', ExpiresAt: 0, PwdRules: rules });
    const { result } = await renderPage();
    act(() => result.current.update({ account: '13900000001', code: '12a456' }));
    await act(() => result.current.verify());
    expect(result.current.problems.code).toBe('errors.verification.codeFormat');
    expect(verifyResetCode).not.toHaveBeenCalled();
    act(() => result.current.update({ code: '123456' }));
    await act(() => result.current.verify());
    expect(verifyResetCode).toHaveBeenCalledWith({ Account: '13900000001', VerificationCode: '123456' });
    expect(result.current.step).toBe(1);
    act(() => result.current.update({ newPassword: 'abcdefghij' }));
    expect(result.current.requirements.map((rule) => [rule.key, rule.met])).toEqual([
      ['password.rules.length', true],
      ['password.rules.digit', false],
      ['password.rules.unguessable', false],
    ]);
    expect(result.current.historyDepth).toBe(3);
  });

  it('says why a new password is guessable and refuses it before calling the server', async () => {
    vi.mocked(verifyResetCode).mockResolvedValue({ ResetToken: 'token-1', ExpiresAt: 0, PwdRules: rules });
    const { result } = await renderPage();
    act(() => result.current.update({ account: '13900000001', code: '123456' }));
    await act(() => result.current.verify());
    // The account typed at the first step is the owner's word the page knows.
    act(() => result.current.update({ newPassword: '13900000001-13900000001' }));
    expect(result.current.feedback.warning).toBe('errors.password.guessable.userInputs');
    act(() => result.current.update({ newPassword: '123456789012345', confirmPassword: '123456789012345' }));
    await waitFor(() =>
      expect(result.current.feedback.warning).toBe('errors.password.guessable.similarToCommon'),
    );
    await act(() => result.current.submit());
    expect(result.current.problems.newPassword).toBe('errors.password.guessable.similarToCommon');
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs, then resets with the token and finishes', async () => {
    vi.mocked(verifyResetCode).mockResolvedValue({ ResetToken: 'token-1', ExpiresAt: 0, PwdRules: rules });
    const { result } = await renderPage();
    act(() => result.current.update({ account: '13900000001', code: '123456' }));
    await act(() => result.current.verify());
    act(() => result.current.update({ newPassword: 'Fresh#2026x', confirmPassword: 'Fresh#2026y' }));
    await act(() => result.current.submit());
    expect(result.current.problems.confirmPassword).toBe('errors.password.mismatch');
    expect(resetPassword).not.toHaveBeenCalled();
    act(() => result.current.update({ confirmPassword: 'Fresh#2026x' }));
    await act(() => result.current.submit());
    expect(resetPassword).toHaveBeenCalledWith({
      token: 'token-1',
      newPassword: 'Fresh#2026x',
      confirmPassword: 'Fresh#2026x',
    });
    expect(result.current.step).toBe(2);
    act(() => result.current.goToLogin());
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('goes back to the first step when the verification has expired', async () => {
    vi.mocked(verifyResetCode).mockResolvedValue({ ResetToken: 'token-1', ExpiresAt: 0, PwdRules: rules });
    vi.mocked(resetPassword).mockRejectedValue(new ApiError(400, 'errors.reset.tokenInvalid', 'expired'));
    const { result } = await renderPage();
    act(() => result.current.update({ account: '13900000001', code: '123456' }));
    await act(() => result.current.verify());
    act(() => result.current.update({ newPassword: 'Fresh#2026x', confirmPassword: 'Fresh#2026x' }));
    await act(() => result.current.submit());
    expect(result.current.step).toBe(0);
    expect(result.current.form.newPassword).toBe('');
  });

  it('offers the old password as a way in, checks its fields, and moves on with its reset token', async () => {
    vi.mocked(verifyResetOldPassword).mockResolvedValue({
      ResetToken: 'token-old',
      ExpiresAt: 0,
      PwdRules: rules,
    });
    const { result } = await renderPage();
    expect(result.current.ways).toEqual([1, 2, 'oldPassword']);
    act(() => result.current.update({ account: '13900000001' }));
    act(() => result.current.chooseWay('oldPassword'));
    expect(result.current.byOldPassword).toBe(true);
    expect(result.current.form.account).toBe('');
    await act(() => result.current.verify());
    expect(result.current.problems).toEqual({
      account: 'errors.login.accountRequired',
      oldPassword: 'errors.password.oldRequired',
      captcha: 'errors.captcha.required',
    });
    expect(verifyResetOldPassword).not.toHaveBeenCalled();
    const captchaId = result.current.captcha.id;
    act(() =>
      result.current.update({ account: ' ada@lab.test ', oldPassword: 'Old#Pass2026', captcha: 'KM7P' }),
    );
    await act(() => result.current.verify());
    expect(verifyResetCode).not.toHaveBeenCalled();
    expect(verifyResetOldPassword).toHaveBeenCalledWith({
      Account: 'ada@lab.test',
      OldPassword: 'Old#Pass2026',
      captchaId,
      validCode: 'KM7P',
    });
    expect(result.current.step).toBe(1);
    // The old password is not kept in the page once it has done its work.
    expect(result.current.form.oldPassword).toBe('');
    act(() => result.current.update({ newPassword: 'Fresh#2026x', confirmPassword: 'Fresh#2026x' }));
    await act(() => result.current.submit());
    expect(resetPassword).toHaveBeenCalledWith({
      token: 'token-old',
      newPassword: 'Fresh#2026x',
      confirmPassword: 'Fresh#2026x',
    });
    expect(result.current.step).toBe(2);
  });

  it('stays on the first step after a refused old password, with a new captcha to solve', async () => {
    vi.mocked(verifyResetOldPassword).mockRejectedValue(
      new ApiError(401, 'errors.login.wrongCredentials', 'wrong'),
    );
    const { result } = await renderPage();
    act(() => result.current.chooseWay('oldPassword'));
    const first = result.current.captcha.id;
    act(() =>
      result.current.update({ account: 'ada@lab.test', oldPassword: 'Old#Pass2026', captcha: 'KM7P' }),
    );
    await act(() => result.current.verify());
    expect(result.current.step).toBe(0);
    expect(result.current.form.captcha).toBe('');
    await waitFor(() => expect(result.current.captcha.id).not.toBe(first));
  });
});
