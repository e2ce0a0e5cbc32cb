import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginLogRow } from '../../../../domain/schemas/login-logs';
import { exportLoginLog, getLoginLogPage } from '../../../../src/adapters/login-logs-api';
import { saveFile } from '../../../../src/adapters/save-file';
import { presentLoginLogRow, useLoginLogPage } from '../../../../src/pages/login-log/use-login-log-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/login-logs-api', () => ({
  getLoginLogPage: vi.fn(),
  exportLoginLog: vi.fn(),
}));
vi.mock('../../../../src/adapters/save-file', () => ({ saveFile: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/layout/loginlog">{children}</Providers>
);

const row = (id: number, patch: Partial<LoginLogRow> = {}): LoginLogRow => ({
  ID: id,
  AccountID: 7,
  Account: 'ada@demo.test',
  RealName: 'Ada Lovelace',
  LoginTime: Date.UTC(2026, 10, 23, 9, 0, id),
  IP: `10.0.0.${id}`,
  Browser: 'Chrome 156',
  Product: 'UC',
  LoginClient: 'pc',
  Success: true,
  Reason: null,
  ...patch,
});

/** Answers pages of `count` rows, ten at a time, as the server would. */
function serve(count: number) {
  vi.mocked(getLoginLogPage).mockImplementation(async (request) => {
    const index = request.pageIndex ?? 1;
    const size = request.pageSize ?? 10;
    const ids = Array.from({ length: count }, (_, i) => count - i).slice((index - 1) * size, index * size);
    return { total: count, rows: ids.map((id) => row(id)) };
  });
}

describe('presentLoginLogRow', () => {
  it('names known products and clients by key, keeps unknown codes, and passes the reason key on', () => {
    const entry = presentLoginLogRow(
      row(1, { Product: 'CIMS', LoginClient: 'dingtalk', Success: false, Reason: 'errors.login.locked' }),
      (ms) => new Date(ms).toISOString(),
    );
    expect(entry).toMatchObject({
      time: '2026-11-23T09:00:01.000Z',
      product: { key: 'products.CIMS.name', code: 'CIMS' },
      client: { key: 'loginLog.clients.dingtalk', code: 'dingtalk' },
      success: false,
      reason: 'errors.login.locked',
    });
    const portal = presentLoginLogRow(row(2, { Product: 'XYZ', LoginClient: 'kiosk' }), String);
    expect(portal.product).toEqual({ key: null, code: 'XYZ' });
    expect(portal.client).toEqual({ key: null, code: 'kiosk' });
    expect(presentLoginLogRow(row(3), String).product.key).toBe('common.appShortName');
  });
});

describe('useLoginLogPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    localStorage.clear();
    sessionStore.signIn(testSession());
    vi.mocked(getLoginLogPage).mockReset();
    vi.mocked(exportLoginLog).mockReset();
    vi.mocked(saveFile).mockReset();
  });

  it('loads the last 3 days, page 1 of 10, by default', async () => {
    serve(13);
    const { result } = renderHook(() => useLoginLogPage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(getLoginLogPage).toHaveBeenCalledWith({ range: 'threeDays', pageIndex: 1, pageSize: 10 });
    expect(result.current.rows).toHaveLength(10);
    expect(result.current.total).toBe(13);
    expect(result.current.rows[0].time).toMatch(/^Nov 2\d, 2026 \d\d:00:13$/);
  });

  it('replaces the rows with the page asked for on a desktop', async () => {
    serve(13);
    const { result } = renderHook(() => useLoginLogPage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.goToPage(2));
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(result.current.rows.map((entry) => entry.id)).toEqual([3, 2, 1]);
  });

  it('asks for a new page size from page 1, and the table keeps it when shown again', async () => {
    serve(13);
    const first = renderHook(() => useLoginLogPage(), { wrapper });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    act(() => first.result.current.goToPage(2));
    await waitFor(() => expect(first.result.current.rows).toHaveLength(3));
    act(() => first.result.current.goToPage(2, 20));
    await waitFor(() =>
      expect(getLoginLogPage).toHaveBeenLastCalledWith({ range: 'threeDays', pageIndex: 1, pageSize: 20 }),
    );
    await waitFor(() => expect(first.result.current.rows).toHaveLength(13));
    first.unmount();
    const again = renderHook(() => useLoginLogPage(), { wrapper });
    expect(again.result.current.pageSize).toBe(20);
  });

  it('adds the next page below the first on a phone, until none is left', async () => {
    serve(13);
    const { result } = renderHook(() => useLoginLogPage({ append: true }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(13));
    expect(result.current.hasMore).toBe(false);
    expect(new Set(result.current.rows.map((entry) => entry.id)).size).toBe(13);
  });

  it('starts again at page 1 when the range changes', async () => {
    serve(13);
    const { result } = renderHook(() => useLoginLogPage({ append: true }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(13));
    act(() => result.current.chooseRange('month'));
    await waitFor(() => expect(result.current.range).toBe('month'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(getLoginLogPage).toHaveBeenLastCalledWith({ range: 'month', pageIndex: 1, pageSize: 10 });
    expect(result.current.rows).toHaveLength(10);
  });

  it('says when the log could not be loaded', async () => {
    vi.mocked(getLoginLogPage).mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useLoginLogPage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });

  it('offers the export to members not at all', async () => {
    serve(1);
    const { result } = renderHook(() => useLoginLogPage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.canExport).toBe(false);
    await expect(result.current.exportLog()).resolves.toBe(false);
    expect(exportLoginLog).not.toHaveBeenCalled();
  });

  it("exports the organisation's log for the range in the browser's time zone and saves the file", async () => {
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, IsOrganAdmin: 1 } }));
    serve(1);
    const blob = new Blob(['xlsx']);
    vi.mocked(exportLoginLog).mockResolvedValue({ blob, fileName: 'login-log-20261120-20261123.xlsx' });
    const { result } = renderHook(() => useLoginLogPage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.chooseRange('week'));
    let saved = false;
    await act(async () => {
      saved = await result.current.exportLog();
    });
    expect(saved).toBe(true);
    expect(exportLoginLog).toHaveBeenCalledWith({
      range: 'week',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(saveFile).toHaveBeenCalledWith(blob, 'login-log-20261120-20261123.xlsx');
  });

  it('leaves a failed export to the API client to explain', async () => {
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, IsOrganAdmin: 1 } }));
    serve(1);
    vi.mocked(exportLoginLog).mockRejectedValue(new Error('forbidden'));
    const { result } = renderHook(() => useLoginLogPage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    let saved = true;
    await act(async () => {
      saved = await result.current.exportLog();
    });
    expect(saved).toBe(false);
    expect(saveFile).not.toHaveBeenCalled();
    expect(result.current.exporting).toBe(false);
  });
});
