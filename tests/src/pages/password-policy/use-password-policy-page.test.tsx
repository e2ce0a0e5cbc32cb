import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPasswordPolicy, savePasswordPolicy } from '../../../../src/adapters/password-policy-api';
import {
  formOf,
  policyOf,
  usePasswordPolicyPage,
} from '../../../../src/pages/password-policy/use-password-policy-page';

vi.mock('../../../../src/adapters/password-policy-api', () => ({
  getPasswordPolicy: vi.fn(),
  savePasswordPolicy: vi.fn(),
}));

const POLICY = {
  MinLength: 8,
  MaxLength: 128,
  RequiredClasses: [] as Array<'upper' | 'lower' | 'digit' | 'symbol' | 'letter'>,
  Expiry: '6months',
  HistoryDepth: 5,
  LockAfter: 5,
};

describe('formOf and policyOf', () => {
  it.each([
    ['never', 'never', 3],
    ['10m', '10m', 3],
    ['24h', '24h', 3],
    ['6months', 'months', 6],
  ])('splits %s into the choice %s and %i months, and back', (expiry, choice, months) => {
    const form = formOf({ ...POLICY, Expiry: expiry });
    expect([form.expiry, form.months]).toEqual([choice, months]);
    expect(policyOf(form).Expiry).toBe(expiry);
  });
});

describe('usePasswordPolicyPage', () => {
  beforeEach(() => {
    vi.mocked(getPasswordPolicy)
      .mockReset()
      .mockResolvedValue({ ...POLICY, RecommendedMinLength: 15 });
    vi.mocked(savePasswordPolicy)
      .mockReset()
      .mockImplementation(async (policy) => ({ ...policy, RecommendedMinLength: 15 }));
  });

  it('says what NIST recommends beside each weaker choice, as the form changes', async () => {
    const { result } = renderHook(() => usePasswordPolicyPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(Object.keys(result.current.advice)).toEqual(['minLength', 'expiry']);
    expect(result.current.advice.minLength).toEqual({
      field: 'minLength',
      key: 'governance.passwordPolicy.nist.minLengthSingleFactor',
      params: { min: 15, multiFactor: 8 },
    });
    act(() =>
      result.current.update({ MinLength: 15, expiry: 'never', RequiredClasses: ['digit'], MaxLength: 32 }),
    );
    expect(Object.keys(result.current.advice)).toEqual(['maxLength', 'requiredClasses']);
    act(() => result.current.update({ RequiredClasses: [], MaxLength: 64 }));
    expect(result.current.advice).toEqual({});
  });

  it('saves the whole policy with the months as an expiry', async () => {
    const { result } = renderHook(() => usePasswordPolicyPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update({ MinLength: 12, RequiredClasses: ['upper', 'symbol'], months: 12 }));
    await act(async () => {
      expect(await result.current.save()).toBe(true);
    });
    expect(savePasswordPolicy).toHaveBeenCalledWith({
      ...POLICY,
      MinLength: 12,
      RequiredClasses: ['upper', 'symbol'],
      Expiry: '12months',
    });
  });

  it('names the bounds of a field out of range without calling the server', async () => {
    const { result } = renderHook(() => usePasswordPolicyPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update({ LockAfter: 2 }));
    await act(async () => {
      expect(await result.current.save()).toBe(false);
    });
    expect(result.current.problem).toEqual({
      key: 'errors.passwordPolicy.lockAfter',
      params: { min: 3, max: 50 },
    });
    expect(savePasswordPolicy).not.toHaveBeenCalled();
  });
});
