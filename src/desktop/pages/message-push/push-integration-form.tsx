import { Alert, Button, Checkbox, Divider, Form, Input, message, Space, Switch, Typography } from 'antd';
import { outcomeWords } from '../../../pages/message-push/debug-outcome';
import type { useMessagePushPage } from '../../../pages/message-push/use-message-push-page';
import { INTEGRATION_FIELDS, type IntegrationField } from '../../../pages/message-push/push-integration-form';
import { useFormatTime, useT } from '../../../i18n/use-t';

type Integration = ReturnType<ReturnType<typeof useMessagePushPage>['integration']>;

/** One chat host's message-push setting: the switch first, then credentials, products, Save and debug. */
export function PushIntegrationForm({ integration }: { integration: Integration }) {
  const { t } = useT();
  const formatTime = useFormatTime();
  const { platform, draft, saved, editable, problems } = integration;
  const host = t(`messagePush.hosts.${platform}`);
  const check = (field: IntegrationField | 'products') => {
    const problem = problems[field];
    return problem ? { validateStatus: 'error' as const, help: t(problem) } : {};
  };
  const onSave = async () => {
    if (await integration.save()) void message.success(t('messagePush.screen.saved'));
  };
  const input = (field: IntegrationField) =>
    field === 'appSecret' ? (
      <Input.Password
        data-testid={`push-${field}`}
        disabled={!editable}
        autoComplete="new-password"
        value={draft.appSecret}
        placeholder={saved?.appSecretMask || t('messagePush.screen.secretPlaceholder')}
        onChange={(event) => integration.update({ appSecret: event.target.value })}
      />
    ) : (
      <Input
        data-testid={`push-${field}`}
        disabled={!editable}
        value={draft[field]}
        placeholder={field === 'appKey' ? draft.corpId : undefined}
        onChange={(event) => integration.update({ [field]: event.target.value })}
      />
    );

  return (
    <div data-testid={`push-integration-${platform}`} style={{ maxWidth: 760 }}>
      <Form layout="vertical">
        <Form.Item label={t('messagePush.screen.enabled')}>
          <Space>
            <Switch
              data-testid="push-enabled"
              checked={draft.enabled}
              onChange={(enabled) => integration.update({ enabled })}
            />
            {!editable && (
              <Typography.Text type="secondary">{t('messagePush.screen.enableFirst')}</Typography.Text>
            )}
          </Space>
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t(`messagePush.screen.fieldHelp.${platform}`)}
        </Typography.Paragraph>
        {INTEGRATION_FIELDS[platform].map((field) => (
          <Form.Item
            key={field}
            label={t(`messagePush.screen.fields.${platform}.${field}`)}
            required={field === 'corpId' || (field === 'appSecret' && !saved?.appSecretMask)}
            extra={
              field === 'appSecret' && saved?.appSecretMask ? t('messagePush.screen.secretKept') : undefined
            }
            {...check(field)}
          >
            {input(field)}
          </Form.Item>
        ))}
        <Form.Item label={t('messagePush.screen.products')} {...check('products')}>
          {integration.productChoices.length === 0 ? (
            <Typography.Text type="secondary">{t('messagePush.screen.noLicensedProducts')}</Typography.Text>
          ) : (
            <Checkbox.Group
              data-testid="push-products"
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
        <Space wrap>
          <Button
            type="primary"
            data-testid="push-save"
            disabled={!integration.canSave}
            loading={integration.saving}
            onClick={() => void onSave()}
          >
            {t('messagePush.screen.save')}
          </Button>
          <Typography.Text type="secondary">
            {integration.dirty
              ? t('messagePush.screen.unsaved')
              : saved
                ? t('messagePush.screen.updatedAt', {
                    time: formatTime(saved.updatedAt),
                  })
                : t('messagePush.screen.notConfigured')}
          </Typography.Text>
        </Space>
      </Form>

      <Divider titlePlacement="start">{t('messagePush.screen.debug')}</Divider>
      <Typography.Paragraph type="secondary">
        {t('messagePush.screen.debugHelp', { host })}
      </Typography.Paragraph>
      <Space wrap>
        <Button
          data-testid="push-debug"
          disabled={!integration.canDebug}
          loading={integration.debugging}
          onClick={() => void integration.debug()}
        >
          {t('messagePush.screen.debug')}
        </Button>
        {!integration.canDebug && (
          <Typography.Text type="secondary">{t('messagePush.screen.debugSaveFirst')}</Typography.Text>
        )}
      </Space>
      {integration.outcome && (
        <Alert
          data-testid={`push-debug-${integration.outcome.ok ? 'delivered' : 'failed'}`}
          style={{ marginTop: 16 }}
          type={integration.outcome.ok ? 'success' : 'error'}
          showIcon
          title={t('messagePush.screen.debugOutcome', {
            status: t(
              integration.outcome.ok ? 'messagePush.screen.debugDelivered' : 'messagePush.screen.debugFailed',
            ),
            words: outcomeWords(integration.outcome, host, t),
          })}
          description={
            integration.outcome.detail
              ? t('messagePush.screen.platformAnswer', { detail: integration.outcome.detail })
              : undefined
          }
        />
      )}
    </div>
  );
}
