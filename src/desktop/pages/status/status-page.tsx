import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NoAuthHeader } from '../../layouts/no-auth-header';

interface StatusPageProps {
  testId: string;
  status: ResultProps['status'];
  title: string;
  subTitle: string;
  action: { to: string; label: string };
  /** Puts the page under the no-auth header (SPEC §2): for a visitor who is not signed in. */
  noAuthHeader?: boolean;
  children?: ReactNode;
}

/** A centred result card shared by the 401, /noAuth, 404 and blocked-IP pages. */
export function StatusPage({
  testId,
  status,
  title,
  subTitle,
  action,
  noAuthHeader = false,
  children,
}: StatusPageProps) {
  return (
    <>
      {noAuthHeader && <NoAuthHeader />}
      <div className={noAuthHeader ? 'status-page status-page-headed' : 'status-page'} data-testid={testId}>
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
    </>
  );
}
