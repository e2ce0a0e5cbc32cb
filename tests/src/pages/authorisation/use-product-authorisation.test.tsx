import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberRow } from '../../../../domain/schemas/members';
import { ApiError } from '../../../../src/adapters/api-client';
import * as authorisation from '../../../../src/adapters/authorisation-api';
import { getMemberPage } from '../../../../src/adapters/members-api';
import { useDisplaySettings } from '../../../../src/pages/authorisation/use-display-settings';
import { useProductAuthorisation } from '../../../../src/pages/authorisation/use-product-authorisation';

vi.mock('../../../../src/adapters/authorisation-api', () => ({
  getSeats: vi.fn(),
  authorizeMembers: vi.fn(),
  getDisplaySettings: vi.fn(),
  saveDisplaySettings: vi.fn(),
}));
vi.mock('../../../../src/adapters/members-api', () => ({ getMemberPage: vi.fn() }));

const member = (id: number, products: string[] = []): MemberRow => ({
  ID: id,
  RealName: `Member ${id}`,
  MobilePhone: null,
  Email: `m${id}@demo.test`,
  DeptID: null,
  DeptName: null,
  SuperiorID: null,
  SuperiorName: null,
  IsOrganAdmin: 0,
  Locked: false,
  Products: products,
  RegisterTime: 0,
  LastLoginTime: null,
});

describe('useProductAuthorisation', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(authorisation.getSeats)
      .mockReset()
      .mockResolvedValue([{ Code: 'ELN', PlatformName: 'ELN', Seats: 2, Used: 1 }]);
    vi.mocked(getMemberPage)
      .mockReset()
      .mockResolvedValue({ total: 2, rows: [member(1, ['ELN']), member(2)], OrgProducts: ['ELN'] });
    vi.mocked(authorisation.authorizeMembers).mockReset().mockResolvedValue(undefined);
  });

  const render = async () => {
    const hook = renderHook(() => useProductAuthorisation());
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    return hook;
  };

  it('loads the seats and a page of members', async () => {
    const { result } = await render();
    expect(result.current.seats[0]).toMatchObject({ Code: 'ELN', Seats: 2, Used: 1 });
    expect(result.current.rows.map((row) => row.ID)).toEqual([1, 2]);
  });

  it('asks for a new page size from page 1, and the tab keeps it when shown again', async () => {
    const first = await render();
    act(() => first.result.current.setPageIndex(2));
    await waitFor(() =>
      expect(getMemberPage).toHaveBeenLastCalledWith(expect.objectContaining({ pageIndex: 2 })),
    );
    act(() => first.result.current.setPageIndex(2, 100));
    await waitFor(() =>
      expect(getMemberPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ pageIndex: 1, pageSize: 100 }),
      ),
    );
    first.unmount();
    const again = renderHook(() => useProductAuthorisation());
    expect(again.result.current.pageSize).toBe(100);
  });

  it('searches and filters from page 1', async () => {
    const { result } = await render();
    act(() => result.current.setPageIndex(2));
    act(() => result.current.search(' ann '));
    act(() => result.current.filterProduct('ELN'));
    await waitFor(() =>
      expect(getMemberPage).toHaveBeenLastCalledWith({
        keyword: 'ann',
        product: 'ELN',
        pageIndex: 1,
        pageSize: 10,
      }),
    );
  });

  it('refuses an empty pick before calling, and sends a batch as one change', async () => {
    const { result } = await render();
    expect(await result.current.authorize([], ['ELN'], 'add')).toEqual({
      ok: false,
      key: 'errors.authorize.noneSelected',
    });
    act(() => result.current.setSelected([1, 2]));
    let answer;
    await act(async () => {
      answer = await result.current.authorize([1, 2], ['ELN'], 'add');
    });
    expect(answer).toEqual({ ok: true });
    expect(authorisation.authorizeMembers).toHaveBeenCalledWith({
      IDs: [1, 2],
      Products: ['ELN'],
      Mode: 'add',
    });
    expect(result.current.selected).toEqual([]);
  });

  it('answers the seats refusal with its key and params', async () => {
    vi.mocked(authorisation.authorizeMembers).mockRejectedValue(
      new ApiError(409, 'errors.authorize.seatsExceeded', 'x', { product: 'ELN', seats: 2, needed: 3 }),
    );
    const { result } = await render();
    let answer;
    await act(async () => {
      answer = await result.current.authorize([2], ['ELN'], 'set');
    });
    expect(answer).toEqual({
      ok: false,
      key: 'errors.authorize.seatsExceeded',
      params: { product: 'ELN', seats: 2, needed: 3 },
    });
  });
});

describe('useDisplaySettings', () => {
  it('switches products and saves the shown ones', async () => {
    vi.mocked(authorisation.getDisplaySettings).mockResolvedValue([
      { Code: 'ELN', PlatformName: 'ELN', IsAuthorized: true, Shown: true },
      { Code: 'SDH', PlatformName: 'SDH', IsAuthorized: false, Shown: true },
    ]);
    vi.mocked(authorisation.saveDisplaySettings).mockResolvedValue(undefined);
    const { result } = renderHook(() => useDisplaySettings());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.toggle('SDH', false));
    await act(async () => {
      expect(await result.current.save()).toEqual({ ok: true });
    });
    expect(authorisation.saveDisplaySettings).toHaveBeenCalledWith(['ELN']);
  });
});
