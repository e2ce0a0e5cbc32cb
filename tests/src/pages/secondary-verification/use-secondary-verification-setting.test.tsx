import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  getSecondaryVerificationSetting,
  saveSecondaryVerificationSetting,
} from '../../../../src/adapters/secondary-verification-api';
import { useSecondaryVerificationSetting } from '../../../../src/pages/secondary-verification/use-secondary-verification-setting';

vi.mock('../../../../src/adapters/secondary-verification-api', () => ({
  getSecondaryVerificationSetting: vi.fn(),
  saveSecondaryVerificationSetting: vi.fn(),
}));

describe('useSecondaryVerificationSetting', () => {
  beforeEach(() => {
    vi.mocked(getSecondaryVerificationSetting)
      .mockReset()
      .mockResolvedValue({ mode: 'off', updatedAt: null });
    vi.mocked(saveSecondaryVerificationSetting).mockReset();
  });

  it("shows the organisation's mode and saves another as soon as it is chosen", async () => {
    vi.mocked(saveSecondaryVerificationSetting).mockResolvedValue({ mode: 'always', updatedAt: 42 });
    const { result } = renderHook(() => useSecondaryVerificationSetting());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ mode: 'off', modes: ['off', 'new-device', 'always'] });
    let saved = false;
    await act(async () => {
      saved = await result.current.choose('always');
    });
    expect(saved).toBe(true);
    expect(saveSecondaryVerificationSetting).toHaveBeenCalledWith({ mode: 'always' });
    expect(result.current).toMatchObject({ mode: 'always', updatedAt: 42 });
  });

  it('keeps the mode when the server refuses, and saves nothing for the same mode', async () => {
    vi.mocked(saveSecondaryVerificationSetting).mockRejectedValue(
      new ApiError(403, 'errors.auth.noPermission', 'no'),
    );
    const { result } = renderHook(() => useSecondaryVerificationSetting());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      expect(await result.current.choose('off')).toBe(false);
      expect(await result.current.choose('new-device')).toBe(false);
    });
    expect(saveSecondaryVerificationSetting).toHaveBeenCalledTimes(1);
    expect(result.current.mode).toBe('off');
  });

  it('says when the setting could not be read', async () => {
    vi.mocked(getSecondaryVerificationSetting).mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useSecondaryVerificationSetting());
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });
});
