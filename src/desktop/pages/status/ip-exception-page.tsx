import { PATHS } from '../../../pages/paths';
import { useT } from '../../../i18n/use-t';
import { StatusPage } from './status-page';

/** /ipException: the organisation's IP whitelist refused this address. */
export function IpExceptionPage() {
  const { t } = useT();
  return (
    <StatusPage
      testId="ip-exception"
      status="warning"
      title={t('status.ipExceptionTitle')}
      subTitle={t('status.ipException')}
      action={{ to: PATHS.login, label: t('common.backToLogin') }}
    />
  );
}
