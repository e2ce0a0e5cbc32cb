import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import type { ErrorBlockProps } from 'antd-mobile/es/components/error-block';
import { useNavigate } from 'react-router-dom';
import { NoAuthHeader } from '../../layouts/no-auth-header';

interface StatusPageProps {
  testId: string;
  status: ErrorBlockProps['status'];
  title: string;
  description: string;
  action: { to: string; label: string };
  /** Puts the page under the no-auth header (SPEC §2): for a visitor who is not signed in. */
  noAuthHeader?: boolean;
}

/** A full-page notice shared by the phone 401, /noAuth, 404 and blocked-IP pages. */
export function StatusPage({
  testId,
  status,
  title,
  description,
  action,
  noAuthHeader = false,
}: StatusPageProps) {
  const navigate = useNavigate();
  return (
    <>
      {noAuthHeader && <NoAuthHeader />}
      <div className={noAuthHeader ? 'm-status m-status-headed' : 'm-status'} data-testid={testId}>
        <ErrorBlock status={status} title={title} description={description}>
          <Button color="primary" shape="rounded" onClick={() => navigate(action.to)}>
            {action.label}
          </Button>
        </ErrorBlock>
      </div>
    </>
  );
}
