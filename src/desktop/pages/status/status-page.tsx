import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface StatusPageProps {
  testId: string;
  status: ResultProps['status'];
  title: string;
  subTitle: string;
  action: { to: string; label: string };
  children?: ReactNode;
}

/** A centred result card shared by the 401, 404, blocked-IP and host-entry pages. */
export function StatusPage({ testId, status, title, subTitle, action, children }: StatusPageProps) {
  return (
    <div className="status-page" data-testid={testId}>
      <div className="status-page-card">
        <Result
          status={status}
          title={title}
          subTitle={subTitle}
          extra={
            <Link to={action.to}>
              <Button type="primary">{action.label}</Button>
            </Link>
          }
        >
          {children}
        </Result>
      </div>
    </div>
  );
}
