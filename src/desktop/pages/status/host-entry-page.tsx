import { useHostEntryPage, type ChatHost } from '../../../pages/status/use-host-entry-page';
import { useT } from '../../../i18n/use-t';
import { StatusPage } from './status-page';

function HostEntryPage({ host }: { host: ChatHost }) {
  const { t } = useT();
  const page = useHostEntryPage(host);
  return (
    <StatusPage
      testId={page.inHost ? 'env-in-host' : 'env-not-in-host'}
      status={page.inHost ? 'info' : 'warning'}
      title={page.inHost ? t('common.appName') : t('status.notInHostTitle')}
      subTitle={t(page.message)}
      action={{ to: page.loginPath, label: t('status.goToLogin') }}
    />
  );
}

/** /dingding: DingTalk entry; outside DingTalk it says so (SPEC §8). */
export function DingdingPage() {
  return <HostEntryPage host="dingtalk" />;
}

/** /feishu: Feishu entry; outside Feishu it says so (SPEC §8). */
export function FeishuPage() {
  return <HostEntryPage host="feishu" />;
}
