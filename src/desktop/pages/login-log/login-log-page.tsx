import { Button, Card, message, Segmented, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { LoginLogRange } from '../../../../domain/rules/login-log';
import { type LoginLogEntry, useLoginLogPage } from '../../../pages/login-log/use-login-log-page';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';
import { useT } from '../../../i18n/use-t';
import './login-log-page.css';

/** Personal centre > login log (/layout/loginlog): the user's own sign-ins, a page of 10 at a time. */
export function LoginLogPage() {
  const { t } = useT();
  const page = useLoginLogPage();
  const named = ({ key, code }: { key: Parameters<typeof t>[0] | null; code: string }) =>
    key ? t(key) : code;

  const columns: ColumnsType<LoginLogEntry> = [
    { key: 'time', title: t('loginLog.columns.time'), dataIndex: 'time', width: 190 },
    { key: 'ip', title: t('loginLog.columns.ip'), dataIndex: 'ip', width: 160 },
    { key: 'browser', title: t('loginLog.columns.browser'), dataIndex: 'browser', width: 140 },
    {
      key: 'product',
      title: t('loginLog.columns.product'),
      render: (_, entry) => (
        <span>
          {named(entry.product)}
          <Typography.Text type="secondary" className="login-log-client">
            {named(entry.client)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'result',
      title: t('loginLog.columns.result'),
      render: (_, entry) =>
        entry.success ? (
          <Tag color="success">{t('loginLog.success')}</Tag>
        ) : (
          <span className="login-log-failure">
            <Tag color="error">{t('loginLog.failed')}</Tag>
            {entry.reason && <Typography.Text type="secondary">{t(entry.reason)}</Typography.Text>}
          </span>
        ),
    },
  ];

  const onExport = async () => {
    if (await page.exportLog()) void message.success(t('loginLog.exported'));
  };

  return (
    <Card
      className="login-log"
      data-testid="login-log"
      variant="borderless"
      title={
        <div className="login-log-title">
          <span>{t('loginLog.title')}</span>
          <Typography.Text type="secondary">{t('loginLog.subtitle')}</Typography.Text>
        </div>
      }
      extra={
        page.canExport && (
          <Tooltip title={t('loginLog.exportHint')}>
            <Button data-testid="login-log-export" loading={page.exporting} onClick={() => void onExport()}>
              {t('loginLog.export')}
            </Button>
          </Tooltip>
        )
      }
    >
      <Segmented<LoginLogRange>
        data-testid="login-log-range"
        aria-label={t('loginLog.rangeLabel')}
        value={page.range}
        onChange={page.chooseRange}
        options={page.ranges.map((range) => ({ value: range, label: t(`loginLog.ranges.${range}`) }))}
      />
      <Table<LoginLogEntry>
        className="login-log-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page.rows}
        loading={page.status === 'loading'}
        locale={{ emptyText: page.status === 'failed' ? t('status.loadFailed') : t('loginLog.empty') }}
        onRow={(entry) => ({ 'data-testid': `login-log-row-${entry.success ? 'ok' : 'failed'}` }) as object}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: page.total,
          // 10/20/50/100, remembered for this table (issue 23).
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          hideOnSinglePage: false,
          showTotal: (total) => t('loginLog.total', { total }),
          onChange: page.goToPage,
        }}
      />
    </Card>
  );
}
