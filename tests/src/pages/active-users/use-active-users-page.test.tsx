import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getActiveUserReport } from '../../../../src/adapters/active-users-api';
import { ApiError } from '../../../../src/adapters/api-client';
import { useActiveUsersPage } from '../../../../src/pages/active-users/use-active-users-page';

vi.mock('../../../../src/adapters/active-users-api', () => ({ getActiveUserReport: vi.fn() }));

const report = { Granularity: 'day' as const, Periods: [], ActiveUsers: 0, SignIns: 0, Members: 1 };

describe('useActiveUsersPage', () => {
  beforeEach(() => {
    vi.mocked(getActiveUserReport).mockReset().mockResolvedValue(report);
  });

  it('asks for the last 30 days by day at first, in the browser’s time zone', async () => {
    const { result } = renderHook(() => useActiveUsersPage('2026-11-26'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(getActiveUserReport).toHaveBeenCalledWith({
      granularity: 'day',
      from: '2026-10-28',
      to: '2026-11-26',
      timeZone: expect.any(String),
    });
    expect(result.current.report).toEqual(report);
  });

  it('applies a quick range at once, and a switch to months keeps the range in months until search', async () => {
    const { result } = renderHook(() => useActiveUsersPage('2026-11-26'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.chooseQuick('months12'));
    await waitFor(() =>
      expect(getActiveUserReport).toHaveBeenLastCalledWith(
        expect.objectContaining({ granularity: 'month', from: '2025-12', to: '2026-11' }),
      ),
    );
    act(() => result.current.chooseGranularity('day'));
    expect(result.current.draft).toEqual({ granularity: 'day', from: '2025-12-01', to: '2026-11-26' });
    act(() => result.current.chooseGranularity('month'));
    expect(result.current.draft).toEqual({ granularity: 'month', from: '2025-12', to: '2026-11' });
  });

  it('keeps a refusal with its limit to show on the page', async () => {
    vi.mocked(getActiveUserReport).mockRejectedValue(
      new ApiError(400, 'errors.activeUsers.tooManyDays', 'too many', { max: 366 }),
    );
    const { result } = renderHook(() => useActiveUsersPage('2026-11-26'));
    await waitFor(() => expect(result.current.refusal).not.toBeNull());
    expect(result.current.refusal).toEqual({ key: 'errors.activeUsers.tooManyDays', params: { max: 366 } });
    expect(result.current.report).toBeNull();
  });
});
