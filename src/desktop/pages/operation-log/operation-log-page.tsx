import { Input, message, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { nameContains } from '../../../../domain/rules/members';
import { moduleNameKey, OPERATION_LOG_MODULES } from '../../../../domain/rules/operation-log';
import type { OperationLogRow } from '../../../../domain/schemas/operation-logs';
import { useOperationLogPage } from '../../../pages/operation-log/use-operation-log-page';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { KeysetLogCard } from '../logs/keyset-log-card';

const RANGE_KEYS = { threeDays: 'threeDays', week: 'week', month: 'month' } as const;

/** Organisation > Operation log (/layout/operationLog): the organisation's changes, filtered, paged, exported. */
export function OperationLogPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const page = useOperationLogPage();
  const { draft } = page;
  const moduleName = (module: string) => {
    const key = moduleNameKey(module);
    return key ? t(key) : module;
  };

  const columns: ColumnsType<OperationLogRow> = [
    {
      title: t('governance.operationLog.time'),
      width: 180,
      render: (_, row) => formatTime(row.Time, 'second'),
    },
    {
      title: t('governance.operationLog.operator'),
      width: 180,
      render: (_, row) => (row.OperatorID === null ? t('governance.operationLog.cliOperator') : row.Operator),
    },
    { title: t('governance.operationLog.module'), width: 140, render: (_, row) => moduleName(row.Module) },
    { title: t('governance.operationLog.content'), dataIndex: 'Content' },
  ];
  const onExport = async () => {
    if (await page.exportLog()) void message.success(t('governance.operationLog.exported'));
  };

  return (
    <KeysetLogCard
      state={page}
      testId="operation-log"
      testIdPrefix="oplog"
      onExport={() => void onExport()}
      labels={{
        title: t('governance.operationLog.title'),
        subtitle: t('governance.operationLog.subtitle'),
        export: t('governance.operationLog.export'),
        range: t('governance.operationLog.range'),
        rangeName: (range) => t(`governance.operationLog.ranges.${RANGE_KEYS[range]}`),
        search: t('governance.operationLog.search'),
        reset: t('governance.operationLog.reset'),
        previous: t('governance.operationLog.previous'),
        perPage: (size) => t('common.perPage', { size }),
        next: t('governance.operationLog.next'),
        page: t('governance.operationLog.page', { page: page.pageNumber }),
      }}
      filters={
        <>
          <Select
            allowClear
            style={{ width: 150 }}
            data-testid="oplog-module"
            placeholder={t('governance.operationLog.allModules')}
            value={draft.module}
            onChange={(module) => page.edit({ module })}
            options={OPERATION_LOG_MODULES.map((module) => ({ value: module, label: moduleName(module) }))}
          />
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('governance.operationLog.allOperators')}
            data-testid="oplog-operator"
            showSearch={{
              filterOption: (input, option) => nameContains(String(option?.label ?? ''), input),
            }}
            value={draft.operator}
            onChange={(operator) => page.edit({ operator })}
            options={[
              ...page.operators.map((operator) => ({
                value: operator.ID as number | 'cli',
                label: operator.Name,
              })),
              { value: 'cli', label: t('governance.operationLog.cliOperator') },
            ]}
          />
          <Input
            allowClear
            style={{ width: 200 }}
            data-testid="oplog-keyword"
            placeholder={t('governance.operationLog.keyword')}
            value={draft.keyword}
            onChange={(event) => page.edit({ keyword: event.target.value })}
            onPressEnter={page.search}
          />
        </>
      }
    >
      <Table<OperationLogRow>
        rowKey="ID"
        size="middle"
        columns={columns}
        dataSource={page.rows}
        loading={page.loading}
        pagination={false}
        locale={{ emptyText: t('governance.operationLog.empty') }}
      />
    </KeysetLogCard>
  );
}
