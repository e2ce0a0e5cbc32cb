import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Space from 'antd-mobile/es/components/space';
import { usePushKeyConfirm } from '../../../pages/message-push/use-push-key-confirm';
import { usePushKeys } from '../../../pages/message-push/use-push-keys';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { Toast } from '../../imperative';
import { ConfirmBox } from '../dialogs/confirm-box';

/** The organisation's push keys on a phone: those in use, a new key shown once, rotate and revoke. */
export function PushKeysSection() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const keys = usePushKeys();
  const count = keys.keys.length;
  const confirmation = usePushKeyConfirm(keys, (revoked) => {
    Toast.show({ content: t('messagePush.screen.keys.revoked', { count: revoked }) });
  });
  const onIssue = () => (count > 0 ? confirmation.ask('rotate') : void keys.issue(false));
  const copy = async () => {
    if (!keys.issued) return;
    try {
      await navigator.clipboard.writeText(keys.issued.key);
      Toast.show({ icon: 'success', content: t('messagePush.screen.keys.copied') });
    } catch {
      // no clipboard here: the key stays on screen to be copied by hand
    }
  };

  return (
    <div data-testid="push-keys">
      <List mode="card" header={t('messagePush.screen.keys.title')}>
        <List.Item description={t('messagePush.screen.keys.intro')}>
          {count === 0 ? t('messagePush.screen.keys.none') : t('messagePush.screen.keys.live', { count })}
        </List.Item>
        {keys.keys.map((key) => (
          <List.Item
            key={key.id}
            description={t('messagePush.screen.keys.createdAt', {
              time: formatTime(key.createdAt),
            })}
          >
            {key.label || t('messagePush.screen.keys.unnamed')}
          </List.Item>
        ))}
        {keys.issued && (
          <List.Item
            data-testid="push-key-new"
            description={t('messagePush.screen.keys.newKeyHelp')}
            extra={
              <Space direction="vertical">
                <Button size="mini" onClick={() => void copy()}>
                  {t('messagePush.screen.keys.copy')}
                </Button>
                <Button size="mini" color="primary" data-testid="push-key-done" onClick={keys.dismissIssued}>
                  {t('messagePush.screen.keys.done')}
                </Button>
              </Space>
            }
          >
            <code style={{ wordBreak: 'break-all' }}>{keys.issued.key}</code>
          </List.Item>
        )}
        <List.Item>
          <Input
            data-testid="push-key-label"
            maxLength={100}
            placeholder={t('messagePush.screen.keys.labelPlaceholder')}
            value={keys.label}
            onChange={keys.setLabel}
          />
        </List.Item>
        <List.Item>
          <Space block direction="vertical">
            <Button block color="primary" loading={keys.busy} onClick={onIssue}>
              {t(count === 0 ? 'messagePush.screen.keys.issue' : 'messagePush.screen.keys.rotate')}
            </Button>
            {count > 0 && (
              <Button
                block
                color="danger"
                fill="outline"
                disabled={keys.busy}
                onClick={() => confirmation.ask('revoke')}
              >
                {t('messagePush.screen.keys.revoke')}
              </Button>
            )}
          </Space>
        </List.Item>
      </List>
      <ConfirmBox
        open={confirmation.open}
        testId="push-key-confirm"
        danger={confirmation.danger}
        content={confirmation.question}
        onConfirm={confirmation.confirm}
        onClose={confirmation.close}
      />
    </div>
  );
}
