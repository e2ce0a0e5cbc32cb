import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Row,
  Segmented,
  Space,
  Spin,
  Statistic,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import type { ActiveUserGranularity } from '../../../../domain/rules/active-users';
import type { ActiveUserPeriod } from '../../../../domain/schemas/active-users';
import { useT } from '../../../i18n/use-t';
import { useActiveUsersPage } from '../../../pages/active-users/use-active-users-page';
import { PAGE_SIZE_OPTIONS, usePageSize } from '../../../pages/table/use-page-size';

const ActiveUsersChart = lazy(() =>
  import('./active-users-chart').then((m) => ({ default: m.ActiveUsersChart })),
);

/** Organisation > Active users (/layout/statistics): DAU or MAU over a range, as a chart and a table. */
export function ActiveUsersPage() {
  const { t } = useT();
  const page = useActiveUsersPage();
  const [pageSize, setPageSize] = usePageSize('activeUsers');
  const { draft, report } = page;
  const monthly = draft.granularity === 'month';
  const format = monthly ? 'YYYY-MM' : 'YYYY-MM-DD';
  const periods = report?.Periods ?? [];
  const average = periods.length
    ? Math.round((periods.reduce((sum, p) => sum + p.ActiveUsers, 0) / periods.length) * 10) / 10
    : 0;
  const periodTitle = t(`activeUsers.period.${report?.Granularity ?? draft.granularity}`);

  return (
    <Card variant="borderless" title={t('activeUsers.title')} data-testid="active-users">
      <Typography.Paragraph type="secondary">{t('activeUsers.subtitle')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<ActiveUserGranularity>
          data-testid="active-users-granularity"
          value={draft.granularity}
          onChange={page.chooseGranularity}
          options={(['day', 'month'] as const).map((value) => ({
            value,
            label: t(`activeUsers.granularity.${value}`),
          }))}
        />
        <DatePicker.RangePicker
          className="active-users-range"
          picker={monthly ? 'month' : 'date'}
          allowClear={false}
          value={[dayjs(draft.from), dayjs(draft.to)]}
          onChange={(dates) => {
            if (dates?.[0] && dates[1]) page.chooseRange(dates[0].format(format), dates[1].format(format));
          }}
        />
        <Button type="primary" data-testid="active-users-search" onClick={page.search}>
          {t('activeUsers.search')}
        </Button>
      </Space>
      <Space wrap size={0} style={{ display: 'flex', marginBottom: 4 }}>
        {page.quickRanges.map((quick) => (
          <Button key={quick} type="link" size="small" onClick={() => page.chooseQuick(quick)}>
            {t(`activeUsers.quick.${quick}`)}
          </Button>
        ))}
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('activeUsers.limits', page.limits)}
      </Typography.Paragraph>
      {page.refusal && (
        <Alert
          type="error"
          showIcon
          data-testid="active-users-error"
          style={{ marginBottom: 16 }}
          message={t(page.refusal.key, page.refusal.params)}
        />
      )}
      <Spin spinning={page.loading}>
        <Row gutter={16} style={{ marginBottom: 16 }}>
          <Col span={6}>
            <Statistic title={t('activeUsers.summary.activeUsers')} value={report?.ActiveUsers ?? 0} />
          </Col>
          <Col span={6}>
            <Statistic title={t('activeUsers.summary.average')} value={average} />
          </Col>
          <Col span={6}>
            <Statistic title={t('activeUsers.summary.signIns')} value={report?.SignIns ?? 0} />
          </Col>
          <Col span={6}>
            <Statistic title={t('activeUsers.summary.members')} value={report?.Members ?? 0} />
          </Col>
        </Row>
        <Typography.Title level={5}>{t('activeUsers.chartTitle')}</Typography.Title>
        <div data-testid="active-users-chart" style={{ minHeight: 300 }}>
          <Suspense fallback={<Spin />}>
            <ActiveUsersChart
              periods={periods}
              labels={{ activeUsers: t('activeUsers.activeUsers'), signIns: t('activeUsers.signIns') }}
            />
          </Suspense>
        </div>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('activeUsers.tableTitle')}
        </Typography.Title>
        <Table<ActiveUserPeriod>
          rowKey="Period"
          size="small"
          data-testid="active-users-table"
          dataSource={[...periods].reverse()}
          pagination={{
            pageSize,
            // 10/20/50/100, remembered for this table (issue 23); hidden while even 10 needs no second page.
            showSizeChanger: true,
            pageSizeOptions: [...PAGE_SIZE_OPTIONS],
            hideOnSinglePage: periods.length <= PAGE_SIZE_OPTIONS[0],
            onChange: (_page, size) => setPageSize(size),
          }}
          locale={{ emptyText: t('activeUsers.empty') }}
          columns={[
            { key: 'period', title: periodTitle, dataIndex: 'Period' },
            { key: 'active', title: t('activeUsers.activeUsers'), dataIndex: 'ActiveUsers', align: 'right' },
            { key: 'signIns', title: t('activeUsers.signIns'), dataIndex: 'SignIns', align: 'right' },
          ]}
        />
      </Spin>
    </Card>
  );
}
