import { useStatusPage } from '../../../pages/status/use-status-page';
import { StatusPage } from './status-page';

/** /noAuth on a phone: a product or page the signed-in member is not authorised for; the way home. */
export function NoAuthPage() {
  const page = useStatusPage('noAuth');
  return (
    <StatusPage
      testId="no-auth"
      status="disconnected"
      title={page.title}
      description={page.message}
      action={page.action}
      noAuthHeader={page.noAuthHeader}
    />
  );
}
