import { useStatusPage } from '../../../pages/status/use-status-page';
import { StatusPage } from './status-page';

/** /ipException on a phone: the organisation's IP whitelist refused this address; the way back to login. */
export function IpExceptionPage() {
  const page = useStatusPage('ipException');
  return (
    <StatusPage
      testId="ip-exception"
      status="disconnected"
      title={page.title}
      description={page.message}
      action={page.action}
      noAuthHeader={page.noAuthHeader}
    />
  );
}
