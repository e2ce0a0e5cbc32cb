import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useRouteGuard } from './use-route-guard';

/** Root route of both shells: applies the SPEC §2 guard, then renders the matched page. */
export function GuardedRoot({ waiting }: { waiting: ReactNode }) {
  const decision = useRouteGuard();
  switch (decision.kind) {
    case 'allow':
      return <Outlet />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    default:
      return waiting;
  }
}
