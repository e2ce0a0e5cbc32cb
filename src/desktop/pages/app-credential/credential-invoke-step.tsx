import { Space, Typography } from 'antd';
import { useT } from '../../../i18n/use-t';

/** The appCredential screen's second step: how a system fetches a token and calls the open API with it. */
export function CredentialInvokeStep({ tokenPath, expiresIn }: { tokenPath: string; expiresIn: number }) {
  const { t } = useT();
  const { origin } = window.location;
  const tokenCall = `curl -X POST ${origin}${tokenPath} \\\n  -H 'Content-Type: application/json' \\\n  -d '{"appKey":"<AppKey>","appSecret":"<AppSecret>"}'`;
  const openCall = `curl ${origin}/api/Sdk/ucapi/app \\\n  -H 'Authorization: Bearer <accessToken>'`;
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 720 }} data-testid="app-invoke-step">
      <Typography.Title level={5}>{t('appCredential.invoke.tokenTitle')}</Typography.Title>
      <Typography.Paragraph>
        {t('appCredential.invoke.tokenHelp', { path: tokenPath, seconds: expiresIn })}
      </Typography.Paragraph>
      <Typography.Paragraph>
        <pre style={{ whiteSpace: 'pre-wrap' }}>{tokenCall}</pre>
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('appCredential.invoke.bearerTitle')}</Typography.Title>
      <Typography.Paragraph>{t('appCredential.invoke.bearerHelp')}</Typography.Paragraph>
      <Typography.Paragraph>
        <pre style={{ whiteSpace: 'pre-wrap' }}>{openCall}</pre>
      </Typography.Paragraph>
    </Space>
  );
}
