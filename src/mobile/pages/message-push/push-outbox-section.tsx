import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { usePushOutbox } from '../../../pages/message-push/use-push-outbox';
import { useFormatTime, useT } from '../../../i18n/use-t';

const STATUS_COLOURS = { queued: 'primary', sent: 'success', failed: 'danger' } as const;

/** The organisation's recent messages on a phone: a list, the next page on demand. */
export function PushOutboxSection() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const outbox = usePushOutbox();

  return (
    <div data-testid="push-outbox">
      <List
        mode="card"
        header={`${t('messagePush.screen.outbox.title')} · ${t('messagePush.screen.outbox.total', { total: outbox.total })}`}
      >
        {outbox.items.length === 0 && (
          <List.Item>
            {t(outbox.status === 'failed' ? 'status.loadFailed' : 'messagePush.screen.outbox.empty')}
          </List.Item>
        )}
        {outbox.items.map((item) => (
          <List.Item
            key={item.id}
            extra={
              <Tag color={STATUS_COLOURS[item.status]} fill="outline">
                {t(`messagePush.screen.outbox.status.${item.status}`)}
              </Tag>
            }
            description={
              <>
                <div>
                  {formatTime(item.createdAt)} · {t(`messagePush.hosts.${item.platform}`)} · {item.product} ·{' '}
                  {item.recipient} · {t('messagePush.screen.outbox.columns.attempts')} {item.attempts}
                </div>
                {item.lastResponse && <div style={{ wordBreak: 'break-all' }}>{item.lastResponse}</div>}
              </>
            }
          >
            {item.title}
          </List.Item>
        ))}
      </List>
      {outbox.hasMore && (
        <Button block fill="none" loading={outbox.status === 'loading'} onClick={outbox.loadMore}>
          {t('messagePush.screen.outbox.more')}
        </Button>
      )}
    </div>
  );
}
