import { useStatusPage } from '../../../pages/status/use-status-page';
import { StatusPage } from './status-page';

/** /ipException: the organisation's IP whitelist refused this address; the way back to login. */
export function IpExceptionPage() {
  const page = useStatusPage('ipException');
  return (
    <StatusPage
      testId="ip-exception"
      status="warning"
      title={page.title}
      subTitle={page.message}
      action={page.action}
      noAuthHeader={page.noAuthHeader}
    />
  );
}
