import {
  Button,
  Card,
  DatePicker,
  Input,
  message,
  Select,
  Space,
  Table,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { clientNameKey, productNameKey } from '../../../../domain/rules/login-log';
import { LOGIN_LOG_RESULTS, type OrgLoginLogRow } from '../../../../domain/schemas/login-logs';
import { useT } from '../../../i18n/use-t';
import { useOrgLoginLogPage } from '../../../pages/org-login-log/use-org-login-log-page';
import { departmentOptions } from '../members/department-options';
import '../login-log/login-log-page.css';

/** Organisation > Login log (/layout/orgLoginLog): every member's sign-ins, filtered, paged, exported. */
export function OrgLoginLogPage() {
  const { t } = useT();
  const page = useOrgLoginLogPage();
  const { draft } = page;
  const named = (key: Parameters<typeof t>[0] | null, code: string) => (key ? t(key) : code);

  const columns: ColumnsType<OrgLoginLogRow> = [
    {
      key: 'time',
      title: t('loginLog.columns.time'),
      width: 170,
      render: (_, row) => dayjs(row.LoginTime).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      key: 'member',
      title: t('loginLog.organization.member'),
      render: (_, row) => (
        <span className="login-log-title">
          <span>{row.RealName ?? row.Account}</span>
          {row.RealName && row.RealName !== row.Account && (
            <Typography.Text type="secondary">{row.Account}</Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'department', title: t('loginLog.columns.department'), width: 140, dataIndex: 'Department' },
    { key: 'ip', title: t('loginLog.columns.ip'), width: 140, dataIndex: 'IP' },
    { key: 'browser', title: t('loginLog.columns.browser'), width: 120, dataIndex: 'Browser' },
    {
      key: 'product',
      title: t('loginLog.columns.product'),
      width: 200,
      render: (_, row) => (
        <span>
          {named(productNameKey(row.Product), row.Product)}
          <Typography.Text type="secondary" className="login-log-client">
            {named(clientNameKey(row.LoginClient), row.LoginClient)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'result',
      title: t('loginLog.columns.result'),
      width: 220,
      render: (_, row) =>
        row.Success ? (
          <Tag color="success">{t('loginLog.success')}</Tag>
        ) : (
          <span className="login-log-failure">
            <Tag color="error">{t('loginLog.failed')}</Tag>
            {row.Reason && <Typography.Text type="secondary">{t(row.Reason)}</Typography.Text>}
          </span>
        ),
    },
  ];
  const onExport = async () => {
    if (await page.exportLog()) void message.success(t('loginLog.organization.exported'));
  };

  return (
    <Card
      variant="borderless"
      title={t('loginLog.organization.title')}
      extra={
        <Button data-testid="org-login-log-export" loading={page.exporting} onClick={() => void onExport()}>
          {t('loginLog.organization.export')}
        </Button>
      }
      data-testid="org-login-log"
    >
      <Typography.Paragraph type="secondary">{t('loginLog.organization.subtitle')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 140 }}
          value={draft.window ? undefined : draft.range}
          placeholder={t('loginLog.rangeLabel')}
          onChange={(range) => page.edit({ range, window: null })}
          options={page.ranges.map((range) => ({ value: range, label: t(`loginLog.ranges.${range}`) }))}
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
        <Input
          allowClear
          style={{ width: 180 }}
          data-testid="org-login-log-keyword"
          placeholder={t('loginLog.organization.keyword')}
          value={draft.keyword}
          onChange={(event) => page.edit({ keyword: event.target.value })}
          onPressEnter={page.search}
        />
        <TreeSelect
          allowClear
          style={{ width: 180 }}
          data-testid="org-login-log-dept"
          placeholder={t('loginLog.organization.department')}
          treeData={departmentOptions(page.departments)}
          treeDefaultExpandAll
          value={draft.deptId}
          onChange={(deptId?: number) => page.edit({ deptId })}
        />
        <Select
          allowClear
          style={{ width: 130 }}
          data-testid="org-login-log-result"
          placeholder={t('loginLog.organization.result')}
          value={draft.result}
          onChange={(result) => page.edit({ result })}
          options={LOGIN_LOG_RESULTS.map((result) => ({
            value: result,
            label: t(`loginLog.organization.results.${result}`),
          }))}
        />
        <Button type="primary" data-testid="org-login-log-search" onClick={page.search}>
          {t('loginLog.organization.search')}
        </Button>
        <Button onClick={page.reset}>{t('loginLog.organization.reset')}</Button>
      </Space>
      <Table<OrgLoginLogRow>
        rowKey="ID"
        size="middle"
        columns={columns}
        dataSource={page.rows}
        loading={page.status === 'loading'}
        pagination={false}
        onRow={(row) => ({ 'data-testid': `org-login-log-row-${row.Success ? 'ok' : 'failed'}` }) as object}
        locale={{
          emptyText: page.status === 'failed' ? t('status.loadFailed') : t('loginLog.organization.empty'),
        }}
      />
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        <Button disabled={!page.hasPrevious} onClick={page.previousPage} data-testid="org-login-log-previous">
          {t('loginLog.organization.previous')}
        </Button>
        <Typography.Text type="secondary">
          {t('loginLog.organization.page', { page: page.pageNumber })}
        </Typography.Text>
        <Button disabled={!page.hasNext} onClick={page.nextPage} data-testid="org-login-log-next">
          {t('loginLog.organization.next')}
        </Button>
      </Space>
    </Card>
  );
}
