import { useSession } from '../../../pages/session/use-session';
import { homePath, PATHS } from '../../../pages/paths';
import { useT } from '../../../i18n/use-t';
import { StatusPage } from './status-page';

/** Any unknown path on a phone. */
export function NotFoundPage() {
  const { t } = useT();
  const { session } = useSession();
  return (
    <StatusPage
      testId="not-found"
      status="empty"
      title={t('status.notFoundTitle')}
      description={t('status.notFound')}
      action={
        session
          ? { to: homePath(session.UIVersion), label: t('common.backHome') }
          : { to: PATHS.login, label: t('common.backToLogin') }
      }
    />
  );
}
