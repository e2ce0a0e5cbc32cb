import { useHostEntryPage, type ChatHost } from '../../../pages/status/use-host-entry-page';
import { useT } from '../../../i18n/use-t';
import { StatusPage } from './status-page';

function HostEntryPage({ host }: { host: ChatHost }) {
  const { t } = useT();
  const page = useHostEntryPage(host);
  return (
    <StatusPage
      testId={page.inHost ? 'env-in-host' : 'env-not-in-host'}
      status={page.inHost ? 'default' : 'disconnected'}
      title={page.inHost ? t('common.appName') : t('status.notInHostTitle')}
      description={t(page.message)}
      action={{ to: page.loginPath, label: t('status.goToLogin') }}
    />
  );
}

/** /dingding on a phone. */
export function DingdingPage() {
  return <HostEntryPage host="dingtalk" />;
}

/** /feishu on a phone. */
export function FeishuPage() {
  return <HostEntryPage host="feishu" />;
}
