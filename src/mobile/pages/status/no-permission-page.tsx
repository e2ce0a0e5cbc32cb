import { useStatusPage } from '../../../pages/status/use-status-page';
import { StatusPage } from './status-page';

/** /401: the page's menu code is not authorised, or the menu tree could not be fetched. */
export function NoPermissionPage() {
  const page = useStatusPage('noPermission');
  return (
    <StatusPage
      testId="no-permission"
      status="disconnected"
      title={page.title}
      description={page.message}
      action={page.action}
      noAuthHeader={page.noAuthHeader}
    />
  );
}
