import type { MessageKey } from '../../../domain/i18n';
import { homePath, PATHS } from '../paths';
import { useSession } from '../session/use-session';
import { useT } from '../../i18n/use-t';

/**
 * Which status page: the 401 page, /noAuth (a signed-in member opened a product or page they are not
 * authorised for), the 404 page or /ipException (the organisation's IP whitelist refused this address).
 */
export type StatusKind = 'noPermission' | 'noAuth' | 'notFound' | 'ipException';

const MESSAGES: Record<StatusKind, { title: MessageKey; message: MessageKey }> = {
  noPermission: { title: 'status.noPermissionTitle', message: 'status.noPermission' },
  noAuth: { title: 'status.noAuthTitle', message: 'status.noAuth' },
  notFound: { title: 'status.notFoundTitle', message: 'status.notFound' },
  ipException: { title: 'status.ipExceptionTitle', message: 'status.ipException' },
};

/**
 * Texts of a status page and its way out: home when signed in (by UI version), else login; the blocked-IP
 * notice always leads back to login (SPEC §2). `noAuthHeader` says whether the page goes under the no-auth
 * header (SPEC §2: not signed in and not on the login); signed in, the page keeps no header.
 */
export function useStatusPage(kind: StatusKind) {
  const { t } = useT();
  const { session } = useSession();
  return {
    title: t(MESSAGES[kind].title),
    message: t(MESSAGES[kind].message),
    action:
      session && kind !== 'ipException'
        ? { to: homePath(session.UIVersion), label: t('common.backHome') }
        : { to: PATHS.login, label: t('common.backToLogin') },
    noAuthHeader: !session,
  };
}
