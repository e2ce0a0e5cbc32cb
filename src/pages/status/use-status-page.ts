import type { MessageKey } from '../../../domain/i18n';
import { homePath, PATHS } from '../paths';
import { useSession } from '../session/use-session';
import { useT } from '../../i18n/use-t';

/**
 * Which status page: the 401 page, /noAuth (a signed-in member opened a product or page they are not
 * authorised for) or the 404 page.
 */
export type StatusKind = 'noPermission' | 'noAuth' | 'notFound';

const MESSAGES: Record<StatusKind, { title: MessageKey; message: MessageKey }> = {
  noPermission: { title: 'status.noPermissionTitle', message: 'status.noPermission' },
  noAuth: { title: 'status.noAuthTitle', message: 'status.noAuth' },
  notFound: { title: 'status.notFoundTitle', message: 'status.notFound' },
};

/** Texts of a status page and its way out: home when signed in (by UI version), else login. */
export function useStatusPage(kind: StatusKind) {
  const { t } = useT();
  const { session } = useSession();
  return {
    title: t(MESSAGES[kind].title),
    message: t(MESSAGES[kind].message),
    action: session
      ? { to: homePath(session.UIVersion), label: t('common.backHome') }
      : { to: PATHS.login, label: t('common.backToLogin') },
  };
}
