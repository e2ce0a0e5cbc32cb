import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Space from 'antd-mobile/es/components/space';
import { usePushKeys } from '../../../pages/message-push/use-push-keys';
import { useT } from '../../../i18n/use-t';
// The imperative module installs React 19 rendering for Dialog.confirm as well as Toast.
import { Toast } from '../../imperative';

/** The organisation's push keys on a phone: those in use, a new key shown once, rotate and revoke. */
export function PushKeysSection() {
  const { t, language } = useT();
  const keys = usePushKeys();
  const count = keys.keys.length;
  const confirm = (content: string) =>
    Dialog.confirm({ content, confirmText: t('common.confirm'), cancelText: t('common.cancel') });
  const onIssue = async () => {
    if (count > 0 && !(await confirm(t('messagePush.screen.keys.rotateConfirm', { count })))) return;
    await keys.issue(count > 0);
  };
  const onRevoke = async () => {
    if (!(await confirm(t('messagePush.screen.keys.revokeConfirm')))) return;
    const revoked = await keys.revoke();
    if (revoked !== null) Toast.show({ content: t('messagePush.screen.keys.revoked', { count: revoked }) });
  };
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
              time: new Date(key.createdAt).toLocaleString(language),
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
            <Button block color="primary" loading={keys.busy} onClick={() => void onIssue()}>
              {t(count === 0 ? 'messagePush.screen.keys.issue' : 'messagePush.screen.keys.rotate')}
            </Button>
            {count > 0 && (
              <Button
                block
                color="danger"
                fill="outline"
                disabled={keys.busy}
                onClick={() => void onRevoke()}
              >
                {t('messagePush.screen.keys.revoke')}
              </Button>
            )}
          </Space>
        </List.Item>
      </List>
    </div>
  );
}
