import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDepartmentTree } from '../../../../src/adapters/departments-api';
import { exportLoginLog, getOrgLoginLogPage } from '../../../../src/adapters/login-logs-api';
import { saveFile } from '../../../../src/adapters/save-file';
import {
  orgFilterBody,
  useOrgLoginLogPage,
} from '../../../../src/pages/org-login-log/use-org-login-log-page';

vi.mock('../../../../src/adapters/login-logs-api', () => ({
  exportLoginLog: vi.fn(),
  getOrgLoginLogPage: vi.fn(),
}));
vi.mock('../../../../src/adapters/departments-api', () => ({ getDepartmentTree: vi.fn() }));
vi.mock('../../../../src/adapters/save-file', () => ({ saveFile: vi.fn() }));

const row = (id: number, success = true) => ({
  ID: id,
  AccountID: 7,
  Account: 'a@lab.test',
  RealName: 'Ada',
  LoginTime: 1,
  IP: '10.0.0.1',
  Browser: 'Chrome 140',
  Product: 'UC',
  LoginClient: 'pc',
  Success: success,
  Reason: null,
  Department: 'Synthesis',
});

describe('orgFilterBody', () => {
  it('sends the range or the window, and only the filters that are set', () => {
    expect(orgFilterBody({ range: 'week', window: null, keyword: ' ' })).toEqual({ range: 'week' });
    expect(
      orgFilterBody({
        range: 'week',
        window: { from: 1, to: 2 },
        keyword: ' ada ',
        deptId: 3,
        result: 'failure',
      }),
    ).toEqual({ from: 1, to: 2, keyword: 'ada', deptId: 3, result: 'failure' });
  });
});

describe('useOrgLoginLogPage', () => {
  beforeEach(() => {
    vi.mocked(getDepartmentTree).mockReset().mockResolvedValue([]);
    vi.mocked(getOrgLoginLogPage)
      .mockReset()
      .mockImplementation(async (request) =>
        request.cursor === 'c1'
          ? { rows: [row(11)], nextCursor: null }
          : { rows: [row(1), row(2)], nextCursor: 'c1' },
      );
    vi.mocked(exportLoginLog)
      .mockReset()
      .mockResolvedValue({ blob: new Blob(['x']), fileName: 'log.xlsx' });
  });

  it('goes to the next page by its cursor and back', async () => {
    const { result } = renderHook(() => useOrgLoginLogPage());
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    act(() => result.current.nextPage());
    await waitFor(() => expect(result.current.rows.map((r) => r.ID)).toEqual([11]));
    expect(result.current.pageNumber).toBe(2);
    expect(result.current.hasNext).toBe(false);
    act(() => result.current.previousPage());
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.hasPrevious).toBe(false);
  });

  it('applies edited filters from the first page on search, and exports what is applied', async () => {
    const { result } = renderHook(() => useOrgLoginLogPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.nextPage());
    await waitFor(() => expect(result.current.pageNumber).toBe(2));
    act(() => result.current.edit({ result: 'failure', deptId: 4 }));
    act(() => result.current.search());
    await waitFor(() =>
      expect(getOrgLoginLogPage).toHaveBeenLastCalledWith({
        range: 'threeDays',
        deptId: 4,
        result: 'failure',
        pageSize: 10,
      }),
    );
    expect(result.current.pageNumber).toBe(1);
    await act(async () => {
      expect(await result.current.exportLog()).toBe(true);
    });
    expect(exportLoginLog).toHaveBeenCalledWith(
      expect.objectContaining({
        range: 'threeDays',
        deptId: 4,
        result: 'failure',
        timeZone: expect.any(String),
      }),
    );
    expect(saveFile).toHaveBeenCalled();
  });
});
