import { Badge, Card, Divider, Result, Skeleton, Tabs, Typography } from 'antd';
import { useMessagePushPage } from '../../../pages/message-push/use-message-push-page';
import { useT } from '../../../i18n/use-t';
import { PushIntegrationForm } from './push-integration-form';
import { PushKeysSection } from './push-keys-section';
import { PushOutboxSection } from './push-outbox-section';

/**
 * Openness > message push (/layout/messagePush): one tab per chat host with its switch, credentials,
 * products and debug message; then the organisation's push keys and its recent messages.
 */
export function MessagePushPage() {
  const { t } = useT();
  const page = useMessagePushPage();

  if (page.status === 'notAuthorized') {
    return (
      <Card variant="borderless" title={t('menus.messagePush')}>
        <Result
          status="info"
          title={t('errors.openness.notAuthorized')}
          data-testid="openness-not-authorized"
        />
      </Card>
    );
  }
  if (page.status !== 'ready') {
    return (
      <Card variant="borderless" title={t('menus.messagePush')}>
        <Skeleton active loading={page.status === 'loading'} paragraph={{ rows: 8 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }

  return (
    <Card variant="borderless" title={t('menus.messagePush')} data-testid="message-push">
      <Typography.Paragraph type="secondary" style={{ maxWidth: 860 }}>
        {t('messagePush.screen.intro')}
      </Typography.Paragraph>
      <Tabs
        activeKey={page.active}
        onChange={(key) => page.setActive(key as typeof page.active)}
        items={page.platforms.map((platform) => {
          const { saved, dirty } = page.integration(platform);
          return {
            key: platform,
            label: (
              <span data-testid={`push-tab-${platform}`}>
                <Badge status={saved?.enabled ? 'success' : 'default'} style={{ marginInlineEnd: 6 }} />
                {t(`messagePush.hosts.${platform}`)}
                {dirty ? ' *' : ''}
              </span>
            ),
            children: <PushIntegrationForm integration={page.integration(platform)} />,
          };
        })}
      />
      <Divider />
      <PushKeysSection />
      <Divider />
      <PushOutboxSection />
    </Card>
  );
}
