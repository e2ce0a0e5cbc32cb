import { Input, message, Select, Table, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { clientNameKey, productNameKey } from '../../../../domain/rules/login-log';
import { LOGIN_LOG_RESULTS, type OrgLoginLogRow } from '../../../../domain/schemas/login-logs';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { useOrgLoginLogPage } from '../../../pages/org-login-log/use-org-login-log-page';
import { KeysetLogCard } from '../logs/keyset-log-card';
import { departmentOptions } from '../members/department-options';
import '../login-log/login-log-page.css';

/** Organisation > Login log (/layout/orgLoginLog): every member's sign-ins, filtered, paged, exported. */
export function OrgLoginLogPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const page = useOrgLoginLogPage();
  const { draft } = page;
  const named = (key: Parameters<typeof t>[0] | null, code: string) => (key ? t(key) : code);

  const columns: ColumnsType<OrgLoginLogRow> = [
    {
      key: 'time',
      title: t('loginLog.columns.time'),
      width: 170,
      render: (_, row) => formatTime(row.LoginTime, 'second'),
    },
    {
      key: 'member',
      title: t('loginLog.organization.member'),
      // Wide enough for a name over an email account: left to the rest, it got under 100 px and broke
      // 'admin@demo-lab.test' at its hyphen while the result column stood half empty.
      width: 210,
      render: (_, row) => (
        <span className="login-log-title">
          <span>{row.RealName ?? row.Account}</span>
          {row.RealName && row.RealName !== row.Account && (
            <Typography.Text type="secondary">{row.Account}</Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'department', title: t('loginLog.columns.department'), width: 130, dataIndex: 'Department' },
    { key: 'ip', title: t('loginLog.columns.ip'), width: 130, dataIndex: 'IP' },
    { key: 'browser', title: t('loginLog.columns.browser'), width: 110, dataIndex: 'Browser' },
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
    <KeysetLogCard
      state={page}
      testId="org-login-log"
      testIdPrefix="org-login-log"
      onExport={() => void onExport()}
      labels={{
        title: t('loginLog.organization.title'),
        subtitle: t('loginLog.organization.subtitle'),
        export: t('loginLog.organization.export'),
        range: t('loginLog.rangeLabel'),
        rangeName: (range) => t(`loginLog.ranges.${range}`),
        search: t('loginLog.organization.search'),
        reset: t('loginLog.organization.reset'),
        previous: t('loginLog.organization.previous'),
        perPage: (size) => t('common.perPage', { size }),
        next: t('loginLog.organization.next'),
        page: t('loginLog.organization.page', { page: page.pageNumber }),
      }}
      filters={
        <>
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
        </>
      }
    >
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
    </KeysetLogCard>
  );
}
