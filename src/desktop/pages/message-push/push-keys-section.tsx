import { Button, Input, List, Modal, message, Space, Typography } from 'antd';
import { usePushKeyConfirm } from '../../../pages/message-push/use-push-key-confirm';
import { usePushKeys } from '../../../pages/message-push/use-push-keys';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { ConfirmBox } from '../dialogs/confirm-box';

/** The organisation's push keys: those in use (never the keys), a new key shown once, rotate, revoke. */
export function PushKeysSection() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const keys = usePushKeys();
  const count = keys.keys.length;
  const confirmation = usePushKeyConfirm(keys, (revoked) => {
    void message.success(t('messagePush.screen.keys.revoked', { count: revoked }));
  });

  return (
    <section data-testid="push-keys" style={{ maxWidth: 860 }}>
      <Typography.Title level={5}>{t('messagePush.screen.keys.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('messagePush.screen.keys.intro')}</Typography.Paragraph>
      {keys.status === 'ready' && (
        <List
          size="small"
          bordered
          data-testid="push-key-list"
          locale={{ emptyText: t('messagePush.screen.keys.none') }}
          dataSource={keys.keys}
          renderItem={(key) => (
            <List.Item>
              <Typography.Text strong>{key.label || t('messagePush.screen.keys.unnamed')}</Typography.Text>
              <Typography.Text type="secondary">
                {t('messagePush.screen.keys.createdAt', {
                  time: formatTime(key.createdAt),
                })}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      <Space wrap style={{ marginTop: 12 }}>
        <Input
          data-testid="push-key-label"
          style={{ width: 240 }}
          maxLength={100}
          placeholder={t('messagePush.screen.keys.labelPlaceholder')}
          aria-label={t('messagePush.screen.keys.label')}
          value={keys.label}
          onChange={(event) => keys.setLabel(event.target.value)}
        />
        {count === 0 ? (
          <Button
            type="primary"
            data-testid="push-key-issue"
            loading={keys.busy}
            onClick={() => void keys.issue(false)}
          >
            {t('messagePush.screen.keys.issue')}
          </Button>
        ) : (
          <Button
            type="primary"
            data-testid="push-key-rotate"
            loading={keys.busy}
            onClick={() => confirmation.ask('rotate')}
          >
            {t('messagePush.screen.keys.rotate')}
          </Button>
        )}
        {count > 0 && (
          <Button
            danger
            data-testid="push-key-revoke"
            disabled={keys.busy}
            onClick={() => confirmation.ask('revoke')}
          >
            {t('messagePush.screen.keys.revoke')}
          </Button>
        )}
      </Space>
      <ConfirmBox
        open={confirmation.open}
        testId="push-key-confirm"
        danger={confirmation.danger}
        title={confirmation.question}
        onConfirm={confirmation.confirm}
        onClose={confirmation.close}
      />
      <Modal
        open={keys.issued !== null}
        title={t('messagePush.screen.keys.newKeyTitle')}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" data-testid="push-key-done" onClick={keys.dismissIssued}>
            {t('messagePush.screen.keys.done')}
          </Button>
        }
      >
        <Typography.Paragraph type="warning">{t('messagePush.screen.keys.newKeyHelp')}</Typography.Paragraph>
        <Typography.Paragraph
          data-testid="push-key-new"
          code
          copyable={{ tooltips: [t('messagePush.screen.keys.copy'), t('messagePush.screen.keys.copied')] }}
          style={{ wordBreak: 'break-all' }}
        >
          {keys.issued?.key}
        </Typography.Paragraph>
      </Modal>
    </section>
  );
}
