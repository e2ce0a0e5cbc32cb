import { useStatusPage } from '../../../pages/status/use-status-page';
import { StatusPage } from './status-page';

/** /noAuth: a signed-in member opened a product or page they are not authorised for; the way home. */
export function NoAuthPage() {
  const page = useStatusPage('noAuth');
  return (
    <StatusPage
      testId="no-auth"
      status="403"
      title={page.title}
      subTitle={page.message}
      action={page.action}
      noAuthHeader={page.noAuthHeader}
    />
  );
}
