import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EsignInfo } from '../../../../domain/schemas/esign';
import { getEsign, getEsignStrengthOptions, saveEsignSettings } from '../../../../src/adapters/esign-api';
import { useEsignSettingsPage } from '../../../../src/pages/esign/use-esign-settings-page';

vi.mock('../../../../src/adapters/esign-api', () => ({
  getEsign: vi.fn(),
  getEsignStrengthOptions: vi.fn(),
  saveEsignSettings: vi.fn(),
}));

const INFO: EsignInfo = {
  Enabled: true,
  Strength: 'medium',
  MinLength: 6,
  AllowSameAsLogin: false,
  Mode: 'none',
  HasPassword: false,
  Locked: false,
  LockedUntil: null,
};

describe('useEsignSettingsPage', () => {
  beforeEach(() => {
    vi.mocked(getEsign).mockReset().mockResolvedValue(INFO);
    vi.mocked(getEsignStrengthOptions)
      .mockReset()
      .mockResolvedValue([
        { Value: 'low', Name: 'Low' },
        { Value: 'strong', Name: 'Strong' },
        { Value: 'unknown', Name: '?' },
      ]);
    vi.mocked(saveEsignSettings)
      .mockReset()
      .mockImplementation(async (settings) => ({ ...INFO, ...settings }));
  });

  it('offers the strengths the server names and saves the settings whole', async () => {
    const { result } = renderHook(() => useEsignSettingsPage());
    await waitFor(() => expect(result.current.form).not.toBeNull());
    expect(result.current.options).toEqual([
      { value: 'low', label: 'esign.strengths.low' },
      { value: 'strong', label: 'esign.strengths.strong' },
    ]);
    act(() => result.current.update({ Strength: 'strong', MinLength: 10, AllowSameAsLogin: true }));
    await act(async () => {
      expect(await result.current.save()).toBe(true);
    });
    expect(saveEsignSettings).toHaveBeenCalledWith({
      Enabled: true,
      Strength: 'strong',
      MinLength: 10,
      AllowSameAsLogin: true,
    });
  });

  it('names the bounds of a minimum length out of range without calling the server', async () => {
    const { result } = renderHook(() => useEsignSettingsPage());
    await waitFor(() => expect(result.current.form).not.toBeNull());
    act(() => result.current.update({ MinLength: 40 }));
    await act(async () => {
      expect(await result.current.save()).toBe(false);
    });
    expect(result.current.problem?.key).toBe('errors.esign.minLength');
    expect(saveEsignSettings).not.toHaveBeenCalled();
  });
});
