import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEstimator } from '../../../../src/pages/password/use-password-feedback';
import { estimateGuessability } from '../../../../domain/rules/password-estimator';
import { DEFAULT_PASSWORD_POLICY } from '../../../../domain/rules/password-policy';
import { ApiError } from '../../../../src/adapters/api-client';
import { getPasswordRules, modifyPassword } from '../../../../src/adapters/password-api';
import {
  useModifyPasswordPage,
  validatePasswordForm,
} from '../../../../src/pages/password/use-modify-password-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/password-api', () => ({
  getPasswordRules: vi.fn(),
  modifyPassword: vi.fn(),
}));
vi.mock('../../../../src/adapters/account-api', () => ({
  logout: vi.fn(async () => undefined),
  setCurrentLanguage: vi.fn(async () => undefined),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/modifyPsw">{children}</Providers>
);
const strictRules = {
  MinLength: 8,
  MaxLength: 30,
  RequiredClasses: ['upper', 'digit'] as Array<'upper' | 'digit'>,
  Expiry: 'never',
  HistoryDepth: 3,
};

// The estimator's chunk (most of a megabyte of dictionaries) loaded once, before any page waits for it.
beforeAll(async () => {
  await loadEstimator();
}, 30_000);

describe('validatePasswordForm', () => {
  const filled = {
    OldPassword: 'old one',
    NewPassword: 'Fresh lab phrase 1',
    ConfirmPassword: 'Fresh lab phrase 1',
  };
  it.each([
    ['a complete form', filled, {}],
    [
      'empty fields',
      { OldPassword: '', NewPassword: '', ConfirmPassword: '' },
      {
        OldPassword: { key: 'errors.password.oldRequired' },
        NewPassword: { key: 'errors.password.newRequired' },
        ConfirmPassword: { key: 'errors.password.confirmRequired' },
      },
    ],
    [
      'a confirmation that differs',
      { ...filled, ConfirmPassword: 'Fresh lab phrase 2' },
      { ConfirmPassword: { key: 'errors.password.mismatch' } },
    ],
    [
      'a short new password',
      { ...filled, NewPassword: 'short', ConfirmPassword: 'short' },
      { NewPassword: { key: 'errors.password.tooShort', params: { min: 15 } } },
    ],
  ])('%s', (_name, form, problems) => {
    expect(validatePasswordForm(form, DEFAULT_PASSWORD_POLICY)).toEqual(problems);
  });

  it('refuses a guessable password, saying why, once the estimator is loaded', () => {
    const form = { OldPassword: 'x', NewPassword: '123456789012345', ConfirmPassword: '123456789012345' };
    expect(validatePasswordForm(form, DEFAULT_PASSWORD_POLICY)).toEqual({});
    expect(validatePasswordForm(form, DEFAULT_PASSWORD_POLICY, { estimate: estimateGuessability })).toEqual({
      NewPassword: { key: 'errors.password.guessable.similarToCommon' },
    });
  });

  it("refuses the organisation's name with a year even before the estimator is loaded", () => {
    const form = {
      OldPassword: 'x',
      NewPassword: 'Demo-Lab-Demo-Lab-2026',
      ConfirmPassword: 'Demo-Lab-Demo-Lab-2026',
    };
    expect(
      validatePasswordForm(form, DEFAULT_PASSWORD_POLICY, { ownWords: { organizationName: 'Demo Lab' } }),
    ).toEqual({ NewPassword: { key: 'errors.password.guessable.userInputs' } });
  });
});

describe('useModifyPasswordPage', () => {
  beforeEach(async () => {
    vi.mocked(getPasswordRules).mockReset().mockResolvedValue(strictRules);
    vi.mocked(modifyPassword).mockReset();
    await useLanguage('en-US');
    sessionStore.signIn(testSession({ PwdInfo: { MustChange: true, Reason: 'initial' } }));
  });

  const fill = (result: { current: ReturnType<typeof useModifyPasswordPage> }, newPassword: string) =>
    act(() => {
      result.current.update('OldPassword', 'One-time#42');
      result.current.update('NewPassword', newPassword);
      result.current.update('ConfirmPassword', newPassword);
    });

  it("hints the organisation's rules live and names the forced change", async () => {
    const { result } = renderHook(() => useModifyPasswordPage(), { wrapper });
    await waitFor(() => expect(result.current.requirements).toHaveLength(4));
    act(() => result.current.update('NewPassword', 'abc123'));
    expect(result.current.requirements.map((rule) => [rule.key, rule.met])).toEqual([
      ['password.rules.length', false],
      ['password.rules.upper', false],
      ['password.rules.digit', true],
      ['password.rules.unguessable', false],
    ]);
    act(() => result.current.update('NewPassword', 'Xyzzy9plover'));
    // The estimator arrives with its own chunk; until then the hint stays unmet.
    await waitFor(() => expect(result.current.requirements.every((rule) => rule.met)).toBe(true));
    expect(result.current.feedback).toEqual({ warning: null, suggestions: [] });
    expect(result.current.reason).toBe('initial');
    expect(result.current.home).toBeNull();
  });

  it("says why a typed password is guessable, with the account's and organisation's words", async () => {
    const { result } = renderHook(() => useModifyPasswordPage(), { wrapper });
    await waitFor(() => expect(result.current.requirements).toHaveLength(4));
    act(() => result.current.update('NewPassword', 'Abcdefghijklmnop'));
    await waitFor(() =>
      expect(result.current.feedback).toEqual({
        warning: 'errors.password.guessable.sequences',
        suggestions: ['password.suggestions.anotherWord', 'password.suggestions.sequences'],
      }),
    );
    act(() => result.current.update('NewPassword', 'AdaLovelace1815'));
    await waitFor(() => expect(result.current.feedback.warning).toBe('errors.password.guessable.userInputs'));
    expect(result.current.requirements.at(-1)).toEqual({ key: 'password.rules.unguessable', met: false });
    fill(result, 'AdaLovelace1815');
    await act(() => result.current.submit());
    expect(result.current.errors.NewPassword).toEqual({ key: 'errors.password.guessable.userInputs' });
    expect(modifyPassword).not.toHaveBeenCalled();
  });

  it('changes the password, stores the session that needs no change any more and goes home', async () => {
    vi.mocked(modifyPassword).mockResolvedValue(testSession());
    const { result } = renderHook(() => useModifyPasswordPage(), { wrapper });
    await waitFor(() => expect(getPasswordRules).toHaveBeenCalled());
    fill(result, 'Fresh lab phrase 1');
    await act(() => result.current.submit());
    expect(modifyPassword).toHaveBeenCalledWith({
      OldPassword: 'One-time#42',
      NewPassword: 'Fresh lab phrase 1',
      ConfirmPassword: 'Fresh lab phrase 1',
    });
    expect(sessionStore.get().session?.PwdInfo.MustChange).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
  });

  it("shows the server's field error beside its field and stays", async () => {
    vi.mocked(modifyPassword).mockRejectedValue(
      new ApiError(400, 'errors.password.oldWrong', 'Password input wrong', { field: 'OldPassword' }),
    );
    const { result } = renderHook(() => useModifyPasswordPage(), { wrapper });
    await waitFor(() => expect(getPasswordRules).toHaveBeenCalled());
    fill(result, 'Fresh lab phrase 1');
    await act(() => result.current.submit());
    expect(result.current.errors.OldPassword).toEqual({
      key: 'errors.password.oldWrong',
      params: { field: 'OldPassword' },
    });
    expect(result.current.formError).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/modifyPsw');
  });

  it('refuses a new password without a required class before calling the server', async () => {
    const { result } = renderHook(() => useModifyPasswordPage(), { wrapper });
    await waitFor(() => expect(result.current.requirements).toHaveLength(4));
    fill(result, 'fresh phrase 1');
    await act(() => result.current.submit());
    expect(result.current.errors.NewPassword).toEqual({ key: 'errors.password.needsUpper' });
    expect(modifyPassword).not.toHaveBeenCalled();
  });

  it('in the personal centre, stays on the page after the change, empties the form and says so', async () => {
    sessionStore.signIn(testSession());
    vi.mocked(modifyPassword).mockResolvedValue(testSession());
    const inLayout = ({ children }: { children: ReactNode }) => (
      <Providers path="/layout/password">{children}</Providers>
    );
    const { result } = renderHook(() => useModifyPasswordPage('personalCentre'), { wrapper: inLayout });
    await waitFor(() => expect(getPasswordRules).toHaveBeenCalled());
    fill(result, 'Fresh phrase 1');
    await act(() => result.current.submit());
    expect(modifyPassword).toHaveBeenCalledTimes(1);
    expect(result.current.changed).toBe(true);
    expect(result.current.form).toEqual({ OldPassword: '', NewPassword: '', ConfirmPassword: '' });
    expect(screen.getByTestId('location').textContent).toBe('/layout/password');
    act(() => result.current.update('OldPassword', 'x'));
    expect(result.current.changed).toBe(false);
  });
});
