import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EsignInfo } from '../../../../domain/schemas/esign';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  getEsign,
  modifyEsignPassword,
  signWithLoginPassword,
  verifyEsignLoginPassword,
} from '../../../../src/adapters/esign-api';
import { formatTimeNow } from '../../../../src/i18n/use-t';
import { useSignaturePage } from '../../../../src/pages/esign/use-signature-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { testSession } from '../../test-utils';

vi.mock('../../../../src/adapters/esign-api', () => ({
  getEsign: vi.fn(),
  modifyEsignPassword: vi.fn(),
  signWithLoginPassword: vi.fn(),
  verifyEsignLoginPassword: vi.fn(),
}));

const INFO: EsignInfo = {
  Enabled: true,
  Strength: 'strong',
  MinLength: 8,
  AllowSameAsLogin: true,
  Mode: 'none',
  HasPassword: false,
  Locked: false,
  LockedUntil: null,
};
const LOGIN = 'Login#2026x';

async function ready() {
  const hook = renderHook(() => useSignaturePage());
  await waitFor(() => expect(hook.result.current.info).not.toBeNull());
  return hook.result;
}

describe('useSignaturePage', () => {
  beforeEach(() => {
    sessionStore.signIn(testSession());
    vi.mocked(getEsign).mockReset().mockResolvedValue(INFO);
    vi.mocked(verifyEsignLoginPassword).mockReset().mockResolvedValue(undefined);
    vi.mocked(modifyEsignPassword)
      .mockReset()
      .mockResolvedValue({ ...INFO, Mode: 'separate', HasPassword: true });
    vi.mocked(signWithLoginPassword)
      .mockReset()
      .mockResolvedValue({ ...INFO, Mode: 'login', HasPassword: true });
  });

  it('proves the login password, then sets a separate signature password for the own account', async () => {
    const result = await ready();
    act(() => result.current.start());
    act(() => result.current.update('LoginPassword', LOGIN));
    await act(() => result.current.verify());
    expect(verifyEsignLoginPassword).toHaveBeenCalledWith(7, LOGIN);
    expect(result.current.step).toBe('set');
    act(() => result.current.update('Password', 'Sign#2026'));
    act(() => result.current.update('ConfirmPassword', 'Sign#2026'));
    expect(result.current.rules.every((rule) => rule.met)).toBe(true);
    await act(() => result.current.submit());
    expect(modifyEsignPassword).toHaveBeenCalledWith(7, {
      LoginPassword: LOGIN,
      Password: 'Sign#2026',
      ConfirmPassword: 'Sign#2026',
    });
    expect(result.current).toMatchObject({ step: 'status', done: 'esign.personal.saved' });
    expect(result.current.info?.Mode).toBe('separate');
  });

  it.each([
    ['the login password', LOGIN, LOGIN, 'Password', 'errors.esign.sameAsLogin'],
    ['too short', 'Ab#1', 'Ab#1', 'Password', 'errors.esign.tooShort'],
    ['without a symbol', 'Abcdefg12', 'Abcdefg12', 'Password', 'errors.esign.weak'],
    ['typed differently', 'Sign#2026', 'Sign#2027', 'ConfirmPassword', 'errors.esign.mismatch'],
  ])('refuses a signature password %s before sending it', async (_case, password, confirm, field, key) => {
    const result = await ready();
    act(() => result.current.start());
    act(() => result.current.update('LoginPassword', LOGIN));
    await act(() => result.current.verify());
    act(() => result.current.update('Password', password));
    act(() => result.current.update('ConfirmPassword', confirm));
    await act(() => result.current.submit());
    expect(result.current.errors[field as 'Password']?.key).toBe(key);
    expect(modifyEsignPassword).not.toHaveBeenCalled();
  });

  it('switches to the login password in one step where allowed', async () => {
    const result = await ready();
    act(() => result.current.start());
    act(() => result.current.choose('login'));
    act(() => result.current.update('LoginPassword', LOGIN));
    await act(() => result.current.verify());
    expect(signWithLoginPassword).toHaveBeenCalledWith(7, LOGIN);
    expect(result.current).toMatchObject({ step: 'status', done: 'esign.personal.savedLogin' });
  });

  it('shows a wrong login password beside its field and stays on the first step', async () => {
    vi.mocked(verifyEsignLoginPassword).mockRejectedValue(
      new ApiError(400, 'errors.password.oldWrong', 'wrong', { field: 'LoginPassword' }),
    );
    const result = await ready();
    act(() => result.current.start());
    await act(() => result.current.verify());
    expect(result.current.errors.LoginPassword?.key).toBe('errors.esign.loginPasswordRequired');
    act(() => result.current.update('LoginPassword', 'nope'));
    await act(() => result.current.verify());
    expect(result.current.errors.LoginPassword?.key).toBe('errors.password.oldWrong');
    expect(result.current.step).toBe('verify');
  });

  it('says until when a locked signature stays locked', async () => {
    const until = Date.UTC(2026, 10, 26, 9, 30);
    vi.mocked(getEsign).mockResolvedValue({ ...INFO, Mode: 'separate', Locked: true, LockedUntil: until });
    const result = await ready();
    expect(result.current.lockedUntil).toBe(formatTimeNow(until));
    expect(result.current.lockedUntil).toMatch(/^2026-11-2\d \d\d:\d\d$|^Nov 2\d, 2026 \d\d:\d\d$/);
  });
});
