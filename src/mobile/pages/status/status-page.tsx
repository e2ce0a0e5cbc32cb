import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import type { ErrorBlockProps } from 'antd-mobile/es/components/error-block';
import { useNavigate } from 'react-router-dom';

interface StatusPageProps {
  testId: string;
  status: ErrorBlockProps['status'];
  title: string;
  description: string;
  action: { to: string; label: string };
}

/** A full-page notice shared by the phone 401, 404, blocked-IP and host-entry pages. */
export function StatusPage({ testId, status, title, description, action }: StatusPageProps) {
  const navigate = useNavigate();
  return (
    <div className="m-status" data-testid={testId}>
      <ErrorBlock status={status} title={title} description={description}>
        <Button color="primary" shape="rounded" onClick={() => navigate(action.to)}>
          {action.label}
        </Button>
      </ErrorBlock>
    </div>
  );
}
