import { useStatusPage } from '../../../pages/status/use-status-page';
import { StatusPage } from './status-page';

/** Any unknown path (SPEC §2). */
export function NotFoundPage() {
  const page = useStatusPage('notFound');
  return (
    <StatusPage
      testId="not-found"
      status="empty"
      title={page.title}
      description={page.message}
      action={page.action}
      noAuthHeader={page.noAuthHeader}
    />
  );
}
