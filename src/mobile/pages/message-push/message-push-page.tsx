import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import type { HostPlatform } from '../../../../domain/constants';
import { useMessagePushPage } from '../../../pages/message-push/use-message-push-page';
import { useT } from '../../../i18n/use-t';
import { PushIntegrationForm } from './push-integration-form';
import { PushKeysSection } from './push-keys-section';
import { PushOutboxSection } from './push-outbox-section';
import './message-push-page.css';

/** Openness > message push on a phone: the same hook as desktop, one tab per host, keys and messages. */
export function MessagePushPage() {
  const { t } = useT();
  const page = useMessagePushPage();

  if (page.status === 'loading') return <Skeleton.Paragraph lineCount={8} animated />;
  if (page.status !== 'ready') {
    const notAuthorized = page.status === 'notAuthorized';
    return (
      <div className="m-push">
        <div className="m-push-head">
          <h1>{t('menus.messagePush')}</h1>
        </div>
        <p className="m-push-unavailable" data-testid={notAuthorized ? 'openness-not-authorized' : undefined}>
          {t(notAuthorized ? 'errors.openness.notAuthorized' : 'status.loadFailed')}
        </p>
      </div>
    );
  }

  return (
    <div className="m-push" data-testid="message-push">
      <div className="m-push-head">
        <h1>{t('menus.messagePush')}</h1>
        <p>{t('messagePush.screen.intro')}</p>
      </div>
      <Tabs activeKey={page.active} onChange={(key) => page.setActive(key as HostPlatform)}>
        {page.platforms.map((platform) => (
          <Tabs.Tab
            key={platform}
            title={
              <span data-testid={`push-tab-${platform}`}>
                {t(`messagePush.hosts.${platform}`)}
                {page.integration(platform).dirty ? ' *' : ''}
              </span>
            }
          >
            <PushIntegrationForm integration={page.integration(platform)} />
          </Tabs.Tab>
        ))}
      </Tabs>
      <PushKeysSection />
      <PushOutboxSection />
    </div>
  );
}
