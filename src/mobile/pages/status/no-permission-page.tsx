import { useSession } from '../../../pages/session/use-session';
import { homePath, PATHS } from '../../../pages/paths';
import { useT } from '../../../i18n/use-t';
import { StatusPage } from './status-page';

/** /401 on a phone. */
export function NoPermissionPage() {
  const { t } = useT();
  const { session } = useSession();
  return (
    <StatusPage
      testId="no-permission"
      status="disconnected"
      title={t('status.noPermissionTitle')}
      description={t('status.noPermission')}
      action={
        session
          ? { to: homePath(session.UIVersion), label: t('common.backHome') }
          : { to: PATHS.login, label: t('common.backToLogin') }
      }
    />
  );
}
