import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  exportOperationLog,
  getOperationLogOperators,
  getOperationLogPage,
} from '../../../../src/adapters/operation-logs-api';
import { filterBody, useOperationLogPage } from '../../../../src/pages/operation-log/use-operation-log-page';

vi.mock('../../../../src/adapters/operation-logs-api', () => ({
  exportOperationLog: vi.fn(),
  getOperationLogOperators: vi.fn(),
  getOperationLogPage: vi.fn(),
}));
vi.mock('../../../../src/adapters/save-file', () => ({ saveFile: vi.fn() }));

const row = (id: number) => ({
  ID: id,
  OperatorID: 1,
  Operator: 'Ada',
  Module: 'member',
  Content: `Change ${id}`,
  Time: 1,
});

describe('filterBody', () => {
  it('sends the range or the window, and only the filters that are set', () => {
    expect(filterBody({ range: 'week', window: null, keyword: ' ' })).toEqual({ range: 'week' });
    expect(
      filterBody({
        range: 'week',
        window: { from: 1, to: 2 },
        module: 'member',
        operator: 'cli',
        keyword: ' ip ',
      }),
    ).toEqual({ from: 1, to: 2, module: 'member', operator: 'cli', keyword: 'ip' });
  });
});

describe('useOperationLogPage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(getOperationLogOperators)
      .mockReset()
      .mockResolvedValue([{ ID: 1, Name: 'Ada' }]);
    vi.mocked(getOperationLogPage)
      .mockReset()
      .mockImplementation(async (request) =>
        request.cursor === 'c1'
          ? { rows: [row(11)], nextCursor: null }
          : { rows: [row(1), row(2)], nextCursor: 'c1' },
      );
    vi.mocked(exportOperationLog)
      .mockReset()
      .mockResolvedValue({ blob: new Blob(['x']), fileName: 'log.xlsx' });
  });

  it('goes to the next page by its cursor and back', async () => {
    const { result } = renderHook(() => useOperationLogPage());
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.hasNext).toBe(true);
    act(() => result.current.nextPage());
    await waitFor(() => expect(result.current.rows.map((r) => r.ID)).toEqual([11]));
    expect(result.current.pageNumber).toBe(2);
    expect(result.current.hasNext).toBe(false);
    act(() => result.current.previousPage());
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.hasPrevious).toBe(false);
  });

  it('starts again at the first page (no cursor) with a new page size, and keeps the size when shown again', async () => {
    const first = renderHook(() => useOperationLogPage());
    await waitFor(() => expect(first.result.current.rows).toHaveLength(2));
    act(() => first.result.current.nextPage());
    await waitFor(() => expect(first.result.current.pageNumber).toBe(2));
    act(() => first.result.current.choosePageSize(50));
    await waitFor(() =>
      expect(getOperationLogPage).toHaveBeenLastCalledWith({ range: 'threeDays', pageSize: 50 }),
    );
    expect(first.result.current.pageNumber).toBe(1);
    first.unmount();
    const again = renderHook(() => useOperationLogPage());
    expect(again.result.current.pageSize).toBe(50);
  });

  it('asks again on Search and on Reset with the filters already applied, so new rows show', async () => {
    const { result } = renderHook(() => useOperationLogPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(getOperationLogPage).toHaveBeenCalledTimes(1);
    vi.mocked(getOperationLogPage).mockResolvedValue({ rows: [row(3), row(1), row(2)], nextCursor: null });
    act(() => result.current.search());
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(getOperationLogPage).toHaveBeenCalledTimes(2);
    act(() => result.current.reset());
    await waitFor(() => expect(getOperationLogPage).toHaveBeenCalledTimes(3));
    expect(vi.mocked(getOperationLogPage).mock.calls[2][0]).toEqual(
      vi.mocked(getOperationLogPage).mock.calls[0][0],
    );
  });

  it('applies edited filters from the first page only on search', async () => {
    const { result } = renderHook(() => useOperationLogPage());
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.edit({ module: 'ipWhitelist', keyword: 'whitelist' }));
    expect(getOperationLogPage).toHaveBeenCalledTimes(1);
    act(() => result.current.search());
    await waitFor(() =>
      expect(getOperationLogPage).toHaveBeenLastCalledWith({
        range: 'threeDays',
        module: 'ipWhitelist',
        keyword: 'whitelist',
        pageSize: 10,
      }),
    );
    await act(async () => {
      expect(await result.current.exportLog()).toBe(true);
    });
    expect(exportOperationLog).toHaveBeenCalledWith(
      expect.objectContaining({ module: 'ipWhitelist', keyword: 'whitelist' }),
    );
  });
});
