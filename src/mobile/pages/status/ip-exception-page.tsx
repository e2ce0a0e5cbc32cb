import { PATHS } from '../../../pages/paths';
import { useT } from '../../../i18n/use-t';
import { StatusPage } from './status-page';

/** /ipException on a phone. */
export function IpExceptionPage() {
  const { t } = useT();
  return (
    <StatusPage
      testId="ip-exception"
      status="disconnected"
      title={t('status.ipExceptionTitle')}
      description={t('status.ipException')}
      action={{ to: PATHS.login, label: t('common.backToLogin') }}
    />
  );
}
