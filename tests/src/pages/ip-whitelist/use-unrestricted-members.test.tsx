import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  addUnrestricted,
  listOptionalAccounts,
  listUnrestricted,
  removeUnrestricted,
} from '../../../../src/adapters/ip-whitelist-api';
import { useUnrestrictedMembers } from '../../../../src/pages/ip-whitelist/use-unrestricted-members';

vi.mock('../../../../src/adapters/ip-whitelist-api', () => ({
  addUnrestricted: vi.fn(),
  listOptionalAccounts: vi.fn(),
  listUnrestricted: vi.fn(),
  removeUnrestricted: vi.fn(),
}));

const FRED = { ID: 5, RealName: 'Fred', MobilePhone: null, Email: 'fred@lab.example', DeptName: null };

describe('useUnrestrictedMembers', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(listUnrestricted)
      .mockReset()
      .mockResolvedValue({ total: 1, pageIndex: 1, pageSize: 10, rows: [{ ...FRED, AddedAt: 1 }] });
    vi.mocked(listOptionalAccounts).mockReset().mockResolvedValue([FRED]);
    vi.mocked(addUnrestricted).mockReset().mockResolvedValue();
    vi.mocked(removeUnrestricted).mockReset().mockResolvedValue();
  });

  it('loads the first page and searches the members who may be added', async () => {
    const { result } = renderHook(() => useUnrestrictedMembers());
    await waitFor(() => expect(result.current.page?.total).toBe(1));
    await act(() => result.current.search(' fre '));
    expect(listOptionalAccounts).toHaveBeenCalledWith('fre');
    expect(result.current.options).toEqual([FRED]);
  });

  it('asks for a new page size from page 1, and keeps it when shown again', async () => {
    const first = renderHook(() => useUnrestrictedMembers());
    await waitFor(() => expect(first.result.current.loading).toBe(false));
    act(() => first.result.current.goTo(2, 20));
    await waitFor(() => expect(listUnrestricted).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 20 }));
    first.unmount();
    const again = renderHook(() => useUnrestrictedMembers());
    expect(again.result.current.pageSize).toBe(20);
  });

  it('reloads the page after adding or removing', async () => {
    const { result } = renderHook(() => useUnrestrictedMembers());
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(async () => {
      expect(await result.current.add([5])).toBe(true);
    });
    await waitFor(() => expect(listUnrestricted).toHaveBeenCalledTimes(2));
    await act(async () => {
      expect(await result.current.remove(5)).toBe(true);
    });
    expect(removeUnrestricted).toHaveBeenCalledWith([5]);
    await waitFor(() => expect(listUnrestricted).toHaveBeenCalledTimes(3));
  });

  it('keeps a refusal to show', async () => {
    vi.mocked(addUnrestricted).mockRejectedValue(new ApiError(404, 'errors.ipWhitelist.unknownMember', 'x'));
    const { result } = renderHook(() => useUnrestrictedMembers());
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(async () => {
      expect(await result.current.add([99])).toBe(false);
    });
    expect(result.current.problem?.key).toBe('errors.ipWhitelist.unknownMember');
  });
});
