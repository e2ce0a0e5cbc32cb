import { Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { OutboxMessage } from '../../../../domain/schemas/message-push-admin';
import { usePushOutbox } from '../../../pages/message-push/use-push-outbox';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';
import { useFormatTime, useT } from '../../../i18n/use-t';

const STATUS_COLOURS = { queued: 'processing', sent: 'success', failed: 'error' } as const;
const FILTERS = ['all', 'queued', 'sent', 'failed'] as const;

/** The organisation's recent messages, read only: when, where, to whom, and what the platform said. */
export function PushOutboxSection() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const outbox = usePushOutbox();
  const column = (key: keyof OutboxMessage & string) => ({
    key,
    dataIndex: key,
    title: t(`messagePush.screen.outbox.columns.${key as 'title'}`),
  });

  return (
    <section data-testid="push-outbox">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('messagePush.screen.outbox.title')}
        </Typography.Title>
        <Space wrap>
          <Segmented
            value={outbox.filter ?? 'all'}
            onChange={(value) =>
              outbox.setFilter(value === 'all' ? undefined : (value as OutboxMessage['status']))
            }
            options={FILTERS.map((value) => ({
              value,
              label:
                value === 'all'
                  ? t('messagePush.screen.outbox.all')
                  : t(`messagePush.screen.outbox.status.${value}`),
            }))}
          />
          <Button data-testid="push-outbox-refresh" onClick={outbox.refresh}>
            {t('messagePush.screen.outbox.refresh')}
          </Button>
        </Space>
      </Space>
      <Table<OutboxMessage>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="id"
        loading={outbox.status === 'loading'}
        dataSource={outbox.items}
        locale={{
          emptyText: t(outbox.status === 'failed' ? 'status.loadFailed' : 'messagePush.screen.outbox.empty'),
        }}
        scroll={{ x: 1040 }}
        pagination={{
          current: outbox.pageIndex,
          pageSize: outbox.pageSize,
          total: outbox.total,
          // 10/20/50/100, remembered for this table (issue 23).
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          showTotal: (total) => t('messagePush.screen.outbox.total', { total }),
          onChange: outbox.goToPage,
        }}
        columns={[
          {
            ...column('createdAt'),
            width: 190,
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (value: number) => formatTime(value),
          },
          {
            ...column('platform'),
            width: 90,
            render: (value: OutboxMessage['platform']) => t(`messagePush.hosts.${value}`),
          },
          { ...column('product'), width: 90 },
          { ...column('title'), ellipsis: true },
          { ...column('recipient'), width: 160, ellipsis: true },
          {
            ...column('status'),
            width: 100,
            render: (value: OutboxMessage['status']) => (
              <Tag color={STATUS_COLOURS[value]}>{t(`messagePush.screen.outbox.status.${value}`)}</Tag>
            ),
          },
          { ...column('attempts'), width: 90, align: 'right' as const },
          {
            ...column('lastResponse'),
            ellipsis: { showTitle: true },
            render: (value: string) => value || t('common.none'),
          },
        ]}
      />
    </section>
  );
}
