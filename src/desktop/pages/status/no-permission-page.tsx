import { useSession } from '../../../pages/session/use-session';
import { homePath, PATHS } from '../../../pages/paths';
import { useT } from '../../../i18n/use-t';
import { StatusPage } from './status-page';

/** /401: the page's menu code is not authorised, or the menu tree could not be fetched. */
export function NoPermissionPage() {
  const { t } = useT();
  const { session } = useSession();
  return (
    <StatusPage
      testId="no-permission"
      status="403"
      title={t('status.noPermissionTitle')}
      subTitle={t('status.noPermission')}
      action={
        session
          ? { to: homePath(session.UIVersion), label: t('common.backHome') }
          : { to: PATHS.login, label: t('common.backToLogin') }
      }
    />
  );
}
