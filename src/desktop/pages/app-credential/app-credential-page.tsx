import {
  Alert,
  Button,
  Card,
  Descriptions,
  Input,
  Modal,
  Result,
  Skeleton,
  Space,
  Steps,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useAppCredentialPage } from '../../../pages/app-credential/use-app-credential-page';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { ConfirmBox } from '../dialogs/confirm-box';
import { CredentialInvokeStep } from './credential-invoke-step';

/**
 * Openness > App credentials (/layout/appCredential): SPEC's three steps: get the key (the secret shown
 * once, then masked; regenerate), invoke the API, test.
 */
export function AppCredentialPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const page = useAppCredentialPage();
  const [confirming, setConfirming] = useState(false);
  const title = t('menus.appCredential');

  if (page.status === 'notAuthorized') {
    return (
      <Card variant="borderless" title={title}>
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
      <Card variant="borderless" title={title}>
        <Skeleton active loading={page.status === 'loading'} paragraph={{ rows: 8 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }
  const { credential } = page;

  const keyStep = (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      {!credential && <Typography.Paragraph>{t('appCredential.key.none')}</Typography.Paragraph>}
      {credential && (
        <Descriptions column={1} bordered size="small" data-testid="app-credential">
          <Descriptions.Item label={t('appCredential.key.appKey')}>
            <Typography.Text code copyable data-testid="app-key">
              {credential.appKey}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('appCredential.key.appSecret')}>
            <Space direction="vertical" size={0}>
              <Typography.Text code data-testid="app-secret-mask">
                {credential.secretMask}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('appCredential.key.issuedAt', { time: formatTime(credential.secretIssuedAt) })}
              </Typography.Text>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Space wrap>
        <Input
          data-testid="app-credential-name"
          style={{ width: 280 }}
          maxLength={100}
          aria-label={t('appCredential.key.name')}
          placeholder={t('appCredential.key.namePlaceholder')}
          value={page.name}
          onChange={(event) => page.setName(event.target.value)}
        />
        <Button
          type="primary"
          data-testid="app-credential-save"
          loading={page.busy}
          onClick={() => void page.save()}
        >
          {credential ? t('appCredential.key.save') : t('appCredential.key.create')}
        </Button>
        {credential && (
          <Button
            danger
            data-testid="app-secret-regenerate"
            disabled={page.busy}
            onClick={() => setConfirming(true)}
          >
            {t('appCredential.key.regenerate')}
          </Button>
        )}
      </Space>
    </Space>
  );

  const testStep = credential && (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('appCredential.test.intro')}</Typography.Paragraph>
      <Input addonBefore={t('appCredential.key.appKey')} value={credential.appKey} readOnly />
      <Input.Password
        data-testid="app-test-secret"
        addonBefore={t('appCredential.key.appSecret')}
        placeholder={t('appCredential.test.secretPlaceholder')}
        value={page.testSecret}
        onChange={(event) => page.setTestSecret(event.target.value)}
      />
      <Button
        type="primary"
        data-testid="app-test-run"
        loading={page.testing}
        disabled={!page.testSecret}
        onClick={() => void page.runTest()}
      >
        {t('appCredential.test.run')}
      </Button>
      {page.test && (
        <Alert
          data-testid="app-test-result"
          type={page.test.ok ? 'success' : 'error'}
          showIcon
          message={
            page.test.ok
              ? t('appCredential.test.success', {
                  org: page.test.identity.orgName,
                  app: page.test.identity.appName,
                  time: formatTime(page.test.identity.expiresAt),
                })
              : t('appCredential.test.failed', { reason: page.test.reason })
          }
        />
      )}
    </Space>
  );

  const steps = [
    { title: t('appCredential.steps.key'), content: keyStep },
    {
      title: t('appCredential.steps.invoke'),
      content: <CredentialInvokeStep tokenPath={page.tokenPath} expiresIn={page.expiresIn} />,
      disabled: !credential,
    },
    { title: t('appCredential.steps.test'), content: testStep, disabled: !credential },
  ];

  return (
    <Card variant="borderless" title={title} data-testid="app-credential-page">
      <Typography.Paragraph type="secondary">{t('appCredential.intro')}</Typography.Paragraph>
      <Steps
        current={page.step}
        onChange={page.setStep}
        items={steps.map(({ title: stepTitle, disabled }, index) => ({
          title: <span data-testid={`app-step-${index}`}>{stepTitle}</span>,
          disabled,
        }))}
        style={{ marginBottom: 24, maxWidth: 720 }}
      />
      {steps[page.step].content}
      <ConfirmBox
        open={confirming}
        testId="app-secret-confirm"
        danger
        title={t('appCredential.key.regenerateConfirm')}
        onConfirm={async () => {
          if (!(await page.regenerate())) return false;
        }}
        onClose={() => setConfirming(false)}
      />
      <Modal
        open={page.issued !== null}
        title={t('appCredential.key.newSecretTitle')}
        closable={false}
        mask={{ closable: false }}
        // Once closed, the secret leaves the page (a hidden modal would keep it in the document).
        destroyOnHidden
        footer={
          <Button type="primary" data-testid="app-secret-done" onClick={page.dismissIssued}>
            {t('appCredential.key.done')}
          </Button>
        }
      >
        <Typography.Paragraph type="warning">{t('appCredential.key.newSecretHelp')}</Typography.Paragraph>
        <Typography.Paragraph
          data-testid="app-secret-new"
          code
          copyable={{ tooltips: [t('appCredential.key.copy'), t('appCredential.key.copied')] }}
          style={{ wordBreak: 'break-all' }}
        >
          {page.issued?.appSecret}
        </Typography.Paragraph>
        {page.issued !== null && page.issued.revokedTokens > 0 && (
          <Typography.Paragraph type="secondary">
            {t('appCredential.key.revokedTokens', { count: page.issued.revokedTokens })}
          </Typography.Paragraph>
        )}
      </Modal>
    </Card>
  );
}
