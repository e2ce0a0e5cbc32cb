import { Button, Card, DatePicker, message, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  INTERFACE_API_NAMES,
  INTERFACE_STATUS_NAMES,
  interfaceStatusName,
} from '../../../../domain/rules/interface-monitor';
import { INTERFACE_STATUSES, type InterfaceRow } from '../../../../domain/schemas/interface-monitor';
import { useInterfaceMonitorPage } from '../../../pages/interface-monitor/use-interface-monitor-page';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';
import { ConfirmBox } from '../dialogs/confirm-box';
import { InterfaceDetailDrawer } from './interface-detail-drawer';
import { InterfaceStatusTag } from './interface-status-tag';
import { OpenDelaySetting } from './open-delay-setting';

/**
 * Openness > Interface monitor (/layout/interfaceMonitor): the delay before effect, the open calls with
 * SPEC's filters paged by keyset, a call's detail with its bodies, and Withdraw for a queued call.
 */
export function InterfaceMonitorPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const page = useInterfaceMonitorPage();
  const [confirming, setConfirming] = useState<string | null>(null);
  const { draft } = page;
  const time = (ms: number | null) => (ms === null ? '-' : formatTime(ms, 'second'));

  const columns: ColumnsType<InterfaceRow> = [
    {
      title: t('interfaceMonitor.columns.requestTime'),
      width: 170,
      render: (_, row) => time(row.RequestTime),
    },
    { title: t('interfaceMonitor.columns.apiName'), dataIndex: 'ApiName', width: 140 },
    { title: t('interfaceMonitor.columns.application'), dataIndex: 'Application', width: 140 },
    {
      title: t('interfaceMonitor.columns.syncStatus'),
      width: 110,
      render: (_, row) => <InterfaceStatusTag status={row.SyncStatus} />,
    },
    { title: t('interfaceMonitor.columns.apiStatus'), render: (_, row) => row.ApiStatus || '-' },
    { title: t('interfaceMonitor.columns.responseStatus'), dataIndex: 'ResponseStatus', width: 100 },
    {
      title: t('interfaceMonitor.columns.responseTime'),
      width: 170,
      render: (_, row) => time(row.ResponseTime),
    },
    {
      title: t('interfaceMonitor.columns.dueTime'),
      width: 170,
      render: (_, row) => time(row.SyncStatus === 4 ? row.RevokeTime : row.DueTime),
    },
    { title: t('interfaceMonitor.columns.operator'), dataIndex: 'Operator', width: 140 },
    {
      title: t('interfaceMonitor.columns.actions'),
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            data-testid="interface-detail-open"
            onClick={() => void page.openDetail(row.RequestId)}
          >
            {t('interfaceMonitor.detail')}
          </Button>
          {page.canWithdraw(row) && (
            <Button
              type="link"
              danger
              data-testid="interface-withdraw"
              loading={page.withdrawing === row.RequestId}
              onClick={() => setConfirming(row.RequestId)}
            >
              {t('interfaceMonitor.withdraw')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('interfaceMonitor.title')} data-testid="interface-monitor">
      <Typography.Paragraph type="secondary">{t('interfaceMonitor.intro')}</Typography.Paragraph>
      <OpenDelaySetting />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 140 }}
          data-testid="interface-status-filter"
          aria-label={t('interfaceMonitor.filters.status')}
          value={draft.status}
          onChange={(status: number) => page.edit({ status })}
          options={INTERFACE_STATUSES.map((status) => ({
            value: status,
            label: t(`interfaceMonitor.statuses.${INTERFACE_STATUS_NAMES[status]}`),
          }))}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          data-testid="interface-platform-filter"
          placeholder={t('interfaceMonitor.filters.allPlatforms')}
          value={draft.platform}
          onChange={(platform?: string) => page.edit({ platform })}
          options={page.platforms.map((platform) => ({ value: platform, label: platform }))}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          data-testid="interface-api-filter"
          placeholder={t('interfaceMonitor.filters.allApis')}
          value={draft.api}
          onChange={(api?: string) => page.edit({ api })}
          options={INTERFACE_API_NAMES.map((api) => ({ value: api, label: api }))}
        />
        <DatePicker.RangePicker
          value={draft.window ? [dayjs(draft.window.from), dayjs(draft.window.to)] : null}
          onChange={(dates) =>
            page.edit({
              window:
                dates?.[0] && dates[1]
                  ? { from: dates[0].startOf('day').valueOf(), to: dates[1].endOf('day').valueOf() }
                  : null,
            })
          }
        />
        <Button type="primary" data-testid="interface-search" onClick={page.search}>
          {t('interfaceMonitor.filters.search')}
        </Button>
        <Button data-testid="interface-reset" onClick={page.reset}>
          {t('interfaceMonitor.filters.reset')}
        </Button>
      </Space>
      <Table<InterfaceRow>
        rowKey="RequestId"
        size="middle"
        columns={columns}
        dataSource={page.rows}
        loading={page.loading}
        pagination={false}
        scroll={{ x: 1400 }}
        rowClassName={(row) => `interface-row-${interfaceStatusName(row.SyncStatus)}`}
        locale={{
          emptyText: page.status === 'failed' ? t('status.loadFailed') : t('interfaceMonitor.empty'),
        }}
      />
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        <Button disabled={!page.hasPrevious} onClick={page.previousPage} data-testid="interface-previous">
          {t('interfaceMonitor.previous')}
        </Button>
        <Typography.Text type="secondary">
          {t('interfaceMonitor.page', { page: page.pageNumber })}
        </Typography.Text>
        <Button disabled={!page.hasNext} onClick={page.nextPage} data-testid="interface-next">
          {t('interfaceMonitor.next')}
        </Button>
        {/* 10/20/50/100, remembered for this table (issue 23); a new size starts again at page 1. */}
        <Select
          value={page.pageSize}
          onChange={page.choosePageSize}
          options={PAGE_SIZE_OPTIONS.map((size) => ({ value: size, label: t('common.perPage', { size }) }))}
          data-testid="interface-page-size"
        />
      </Space>
      <InterfaceDetailDrawer detail={page.detail} onClose={page.closeDetail} />
      <ConfirmBox
        open={confirming !== null}
        testId="interface-withdraw-box"
        danger
        title={t('interfaceMonitor.withdrawConfirm')}
        confirmText={t('interfaceMonitor.withdraw')}
        onConfirm={async () => {
          if (!confirming || !(await page.withdraw(confirming))) return false;
          void message.success(t('interfaceMonitor.withdrawn'));
        }}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
}
