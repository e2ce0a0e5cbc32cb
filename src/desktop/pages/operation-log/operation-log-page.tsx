import { Button, Card, DatePicker, Input, message, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { moduleNameKey, OPERATION_LOG_MODULES } from '../../../../domain/rules/operation-log';
import type { OperationLogRow } from '../../../../domain/schemas/operation-logs';
import { useOperationLogPage } from '../../../pages/operation-log/use-operation-log-page';
import { useT } from '../../../i18n/use-t';

const RANGE_KEYS = { threeDays: 'threeDays', week: 'week', month: 'month' } as const;

/** Organisation > Operation log (/layout/operationLog): the organisation's changes, filtered, paged, exported. */
export function OperationLogPage() {
  const { t } = useT();
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
      render: (_, row) => dayjs(row.Time).format('YYYY-MM-DD HH:mm:ss'),
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
    <Card
      variant="borderless"
      title={t('governance.operationLog.title')}
      extra={
        <Button data-testid="oplog-export" loading={page.exporting} onClick={onExport}>
          {t('governance.operationLog.export')}
        </Button>
      }
      data-testid="operation-log"
    >
      <Typography.Paragraph type="secondary">{t('governance.operationLog.subtitle')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 140 }}
          value={draft.window ? undefined : draft.range}
          placeholder={t('governance.operationLog.range')}
          onChange={(range) => page.edit({ range, window: null })}
          options={page.ranges.map((range) => ({
            value: range,
            label: t(`governance.operationLog.ranges.${RANGE_KEYS[range]}`),
          }))}
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
        <Button type="primary" data-testid="oplog-search" onClick={page.search}>
          {t('governance.operationLog.search')}
        </Button>
        <Button onClick={page.reset}>{t('governance.operationLog.reset')}</Button>
      </Space>
      <Table<OperationLogRow>
        rowKey="ID"
        size="middle"
        columns={columns}
        dataSource={page.rows}
        loading={page.loading}
        pagination={false}
        locale={{ emptyText: t('governance.operationLog.empty') }}
      />
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        <Button disabled={!page.hasPrevious} onClick={page.previousPage} data-testid="oplog-previous">
          {t('governance.operationLog.previous')}
        </Button>
        <Typography.Text type="secondary">
          {t('governance.operationLog.page', { page: page.pageNumber })}
        </Typography.Text>
        <Button disabled={!page.hasNext} onClick={page.nextPage} data-testid="oplog-next">
          {t('governance.operationLog.next')}
        </Button>
      </Space>
    </Card>
  );
}
