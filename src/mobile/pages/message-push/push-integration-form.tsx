import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import Selector from 'antd-mobile/es/components/selector';
import Switch from 'antd-mobile/es/components/switch';
import type { ProductCode } from '../../../../domain/constants';
import { outcomeWords } from '../../../pages/message-push/debug-outcome';
import { INTEGRATION_FIELDS, type IntegrationField } from '../../../pages/message-push/push-integration-form';
import type { useMessagePushPage } from '../../../pages/message-push/use-message-push-page';
import { useT } from '../../../i18n/use-t';
import { Toast } from '../../imperative';

type Page = ReturnType<typeof useMessagePushPage>;

/** One host on a phone: the switch first, then credentials, products, Save and the debug message. */
export function PushIntegrationForm({ integration }: { integration: ReturnType<Page['integration']> }) {
  const { t } = useT();
  const { platform, draft, saved, editable, problems } = integration;
  const problem = (field: IntegrationField | 'products') => {
    const key = problems[field];
    return key ? <span style={{ color: 'var(--adm-color-danger)' }}>{t(key)}</span> : undefined;
  };
  const onSave = async () => {
    if (await integration.save()) Toast.show({ icon: 'success', content: t('messagePush.screen.saved') });
  };
  const outcome = integration.outcome;

  return (
    <div className="m-push-integration" data-testid={`push-integration-${platform}`}>
      <Form
        layout="vertical"
        mode="card"
        footer={
          <Button
            block
            color="primary"
            data-testid="push-save"
            disabled={!integration.canSave}
            loading={integration.saving}
            onClick={() => void onSave()}
          >
            {t('messagePush.screen.save')}
          </Button>
        }
      >
        <Form.Item
          label={t('messagePush.screen.enabled')}
          description={editable ? undefined : t('messagePush.screen.enableFirst')}
          childElementPosition="right"
        >
          <Switch
            data-testid="push-enabled"
            checked={draft.enabled}
            onChange={(enabled) => integration.update({ enabled })}
          />
        </Form.Item>
        {INTEGRATION_FIELDS[platform].map((field) => (
          <Form.Item
            key={field}
            label={t(`messagePush.screen.fields.${platform}.${field}`)}
            description={
              problem(field) ??
              (field === 'appSecret' && saved?.appSecretMask ? t('messagePush.screen.secretKept') : undefined)
            }
          >
            <Input
              data-testid={`push-${field}`}
              type={field === 'appSecret' ? 'password' : 'text'}
              disabled={!editable}
              value={draft[field]}
              placeholder={
                field === 'appSecret'
                  ? saved?.appSecretMask || t('messagePush.screen.secretPlaceholder')
                  : undefined
              }
              onChange={(value) => integration.update({ [field]: value })}
            />
          </Form.Item>
        ))}
        <Form.Item label={t('messagePush.screen.products')} description={problem('products')}>
          {integration.productChoices.length === 0 ? (
            t('messagePush.screen.noLicensedProducts')
          ) : (
            <Selector<ProductCode>
              multiple
              disabled={!editable}
              value={draft.products}
              onChange={(products) => integration.update({ products })}
              options={integration.productChoices.map((code) => ({
                value: code,
                label: t(`products.${code}.name`),
              }))}
            />
          )}
        </Form.Item>
      </Form>
      <Form layout="vertical" mode="card">
        <Form.Item
          label={t('messagePush.screen.debug')}
          description={
            integration.canDebug
              ? t('messagePush.screen.debugHelp', { host: t(`messagePush.hosts.${platform}`) })
              : t('messagePush.screen.debugSaveFirst')
          }
        >
          <Button
            block
            data-testid="push-debug"
            disabled={!integration.canDebug}
            loading={integration.debugging}
            onClick={() => void integration.debug()}
          >
            {t('messagePush.screen.debug')}
          </Button>
        </Form.Item>
      </Form>
      {outcome && (
        <NoticeBar
          data-testid={`push-debug-${outcome.ok ? 'delivered' : 'failed'}`}
          color={outcome.ok ? 'info' : 'error'}
          wrap
          content={`${t('messagePush.screen.debugOutcome', {
            status: t(outcome.ok ? 'messagePush.screen.debugDelivered' : 'messagePush.screen.debugFailed'),
            words: outcomeWords(outcome, t(`messagePush.hosts.${platform}`), t),
          })}${outcome.detail ? ` · ${t('messagePush.screen.platformAnswer', { detail: outcome.detail })}` : ''}`}
        />
      )}
    </div>
  );
}
