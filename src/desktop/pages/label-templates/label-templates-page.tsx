import { Button, Card, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { LabelTemplateSummary } from '../../../../domain/schemas/label-templates';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { designTemplatePath, labelPrintPath, PATHS } from '../../../pages/paths';
import { useLabelTemplatesPage } from '../../../pages/label-templates/use-label-templates-page';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';

/**
 * Components › Label designer (/layout/tagsDesign): the templates, paged and searchable, switched on and
 * off, copied, deleted and opened in the designer or the print page. System templates are read-only.
 */
export function LabelTemplatesPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const navigate = useNavigate();
  const page = useLabelTemplatesPage();
  const actions = (row: LabelTemplateSummary) => (
    <Space size="small">
      <Button type="link" size="small" onClick={() => navigate(designTemplatePath(row.ID))}>
        {t(row.IsSystem ? 'labels.view' : 'labels.edit')}
      </Button>
      <Button type="link" size="small" onClick={() => navigate(labelPrintPath(row.ID))}>
        {t('labels.print')}
      </Button>
      <Button
        type="link"
        size="small"
        data-testid={`label-copy-${row.ID}`}
        onClick={() =>
          page.copy(row, (n) => t('labels.copyOf', { name: n === 1 ? row.Name : `${row.Name} ${n}` }))
        }
      >
        {t('labels.copy')}
      </Button>
      {!row.IsSystem && (
        <Popconfirm title={t('labels.deleteConfirm')} onConfirm={() => page.remove([row.ID])}>
          <Button type="link" size="small" danger data-testid={`label-delete-${row.ID}`}>
            {t('labels.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
  return (
    <Card
      variant="borderless"
      title={t('menus.tagsDesign')}
      extra={
        <Button type="primary" data-testid="label-create" onClick={() => navigate(PATHS.selectTemplate)}>
          {t('labels.create')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        style={{ maxWidth: 320, marginBottom: 16 }}
        placeholder={t('labels.search')}
        onSearch={page.search}
        data-testid="label-search"
      />
      <Table<LabelTemplateSummary>
        rowKey="ID"
        size="middle"
        loading={page.loading}
        dataSource={page.rows}
        data-testid="label-templates"
        pagination={{
          current: page.query.pageIndex,
          pageSize: page.query.pageSize,
          total: page.total,
          // 10/20/50/100, remembered for this table (issue 23).
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          onChange: page.setPage,
        }}
        columns={[
          {
            title: t('labels.columns.name'),
            dataIndex: 'Name',
            render: (name: string, row) => (
              <Space>
                {name}
                {row.IsSystem && <Tag color="blue">{t('labels.system')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('labels.columns.type'),
            dataIndex: 'Type',
            render: (type: LabelTemplateSummary['Type']) => t(`labels.types.${type}`),
          },
          {
            title: t('labels.columns.size'),
            key: 'size',
            render: (_, row) => `${row.Width} × ${row.Height}`,
          },
          {
            title: t('labels.columns.enabled'),
            dataIndex: 'Enabled',
            render: (enabled: boolean, row) => (
              <Switch
                size="small"
                checked={enabled}
                disabled={row.IsSystem}
                onChange={(on) => page.setEnabled(row, on)}
              />
            ),
          },
          { title: t('labels.columns.creator'), dataIndex: 'CreatorName' },
          {
            title: t('labels.columns.createdTime'),
            dataIndex: 'CreatedTime',
            render: (time: string) => formatTime(Date.parse(time)),
          },
          { title: t('labels.columns.actions'), key: 'actions', render: (_, row) => actions(row) },
        ]}
      />
    </Card>
  );
}
