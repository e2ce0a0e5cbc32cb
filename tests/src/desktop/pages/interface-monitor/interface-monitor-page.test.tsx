import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../../../../domain/constants';
import { translate } from '../../../../../domain/i18n';
import type { InterfaceRow } from '../../../../../domain/schemas/interface-monitor';
import {
  getInterfaceDetail,
  getInterfacePage,
  getInterfacePlatforms,
  getOpenDelay,
  saveOpenDelay,
  withdrawInterfaceCall,
} from '../../../../../src/adapters/interface-monitor-api';
import { InterfaceMonitorPage } from '../../../../../src/desktop/pages/interface-monitor/interface-monitor-page';
import { Providers, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/interface-monitor-api', () => ({
  getInterfacePage: vi.fn(),
  getInterfaceDetail: vi.fn(),
  getInterfacePlatforms: vi.fn(),
  withdrawInterfaceCall: vi.fn(),
  getOpenDelay: vi.fn(),
  saveOpenDelay: vi.fn(),
}));

const HOUR = 60 * 60 * 1000;
const row = (id: string, SyncStatus: number, DueTime: number | null): InterfaceRow => ({
  RequestId: id,
  RequestTime: Date.now() - HOUR,
  RevokeTime: null,
  ApiName: 'members',
  Application: 'HR',
  ResponseTime: Date.now() - HOUR,
  SyncStatus,
  ResponseStatus: 200,
  ApiStatusCode: 100,
  ApiStatus: SyncStatus === 2 ? '1 item(s) not applied' : '',
  RequestUrl: '/api/Sdk/ucapi/members',
  Operator: 'HR',
  DueTime,
});

describe.each(['zh-CN', 'en-US'] as const)('desktop interface monitor in %s', (language) => {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(language, key, params);

  beforeEach(async () => {
    await useLanguage(language);
    localStorage.clear();
    vi.mocked(getInterfacePage)
      .mockReset()
      .mockResolvedValue({
        rows: [
          row('queued-1', 0, Date.now() + HOUR),
          row('due-1', 0, Date.now() - 1000),
          row('failed-1', 2, null),
        ],
        nextCursor: '7',
      });
    vi.mocked(getInterfacePlatforms).mockReset().mockResolvedValue(['HR']);
    vi.mocked(getInterfaceDetail)
      .mockReset()
      .mockResolvedValue({
        ...row('failed-1', 2, null),
        RequestBody: '{"items":[{"name":"X"}]}',
        ResponseBody: '{"problems":[{"index":0,"message":"needs a mobile"}]}',
      });
    vi.mocked(withdrawInterfaceCall).mockReset().mockResolvedValue(undefined);
    vi.mocked(getOpenDelay).mockReset().mockResolvedValue({ hours: 2 });
    vi.mocked(saveOpenDelay).mockReset().mockResolvedValue({ hours: 0 });
  });

  const renderPage = () =>
    render(
      <Providers path="/layout/interfaceMonitor">
        <InterfaceMonitorPage />
      </Providers>,
    );

  it('lists the calls with their status in words and pages by keyset', { timeout: 30000 }, async () => {
    renderPage();
    expect(await screen.findAllByText(t('interfaceMonitor.statuses.queued'))).not.toHaveLength(0);
    expect(screen.getAllByTestId('interface-status').map((tag) => tag.textContent)).toEqual([
      t('interfaceMonitor.statuses.queued'),
      t('interfaceMonitor.statuses.queued'),
      t('interfaceMonitor.statuses.fail'),
    ]);
    expect(vi.mocked(getInterfacePage)).toHaveBeenLastCalledWith({ status: -1, pageSize: DEFAULT_PAGE_SIZE });
    fireEvent.click(screen.getByTestId('interface-next'));
    await waitFor(() =>
      expect(vi.mocked(getInterfacePage)).toHaveBeenLastCalledWith({
        status: -1,
        pageSize: DEFAULT_PAGE_SIZE,
        cursor: '7',
      }),
    );
  });

  it(
    'a new page size starts again at the first page and is kept for the table',
    { timeout: 30000 },
    async () => {
      const first = renderPage();
      await screen.findAllByTestId('interface-status');
      fireEvent.click(screen.getByTestId('interface-next'));
      await waitFor(() =>
        expect(vi.mocked(getInterfacePage)).toHaveBeenLastCalledWith(
          expect.objectContaining({ cursor: '7' }),
        ),
      );
      const sizes = screen.getByTestId('interface-page-size');
      fireEvent.mouseDown(sizes.querySelector('.ant-select-selector') ?? sizes);
      fireEvent.click(await screen.findByTitle(t('common.perPage', { size: 50 })));
      await waitFor(() =>
        expect(vi.mocked(getInterfacePage)).toHaveBeenLastCalledWith({ status: -1, pageSize: 50 }),
      );
      first.unmount();
      renderPage();
      await waitFor(() =>
        expect(vi.mocked(getInterfacePage)).toHaveBeenLastCalledWith({ status: -1, pageSize: 50 }),
      );
    },
  );

  it(
    'offers Withdraw only for a queued call whose time has not come, and withdraws it',
    { timeout: 30000 },
    async () => {
      renderPage();
      await screen.findAllByTestId('interface-status');
      const withdraws = screen.getAllByTestId('interface-withdraw');
      expect(withdraws).toHaveLength(1);
      fireEvent.click(withdraws[0]);
      fireEvent.click(await screen.findByTestId('interface-withdraw-box-confirm'));
      await waitFor(() => expect(vi.mocked(withdrawInterfaceCall)).toHaveBeenCalledWith('queued-1'));
      await waitFor(() => expect(vi.mocked(getInterfacePage)).toHaveBeenCalledTimes(2));
    },
  );

  it('shows a call with its request and response bodies', { timeout: 30000 }, async () => {
    renderPage();
    await screen.findAllByTestId('interface-status');
    fireEvent.click(screen.getAllByTestId('interface-detail-open')[2]);
    const detail = await screen.findByTestId('interface-detail');
    expect(within(detail).getByTestId('interface-request-body').textContent).toContain('"name": "X"');
    expect(within(detail).getByTestId('interface-response-body').textContent).toContain('needs a mobile');
    expect(within(detail).getByText(t('interfaceMonitor.columns.responseBody'))).toBeTruthy();
  });

  it('saves the delay before effect', { timeout: 30000 }, async () => {
    renderPage();
    const hours = await screen.findByLabelText(t('interfaceMonitor.delay.label'));
    await waitFor(() => expect((hours as HTMLInputElement).value).toBe('2'));
    fireEvent.change(hours, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('open-delay-save'));
    await waitFor(() => expect(vi.mocked(saveOpenDelay)).toHaveBeenCalledWith(0));
    expect(await screen.findByText(t('interfaceMonitor.delay.saved', { hours: 0 }))).toBeTruthy();
  });
});
