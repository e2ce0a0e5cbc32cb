import { useCaughtRouteError } from '../../pages/route-error-boundary';
import { useChunkRecovery } from '../../pages/use-route-guard';
import { useT } from '../../i18n/use-t';

/** Centred spinner for route transitions and guard waits (plain CSS, no animation library). */
export function PageSpinner() {
  return (
    <div className="m-spinner" role="progressbar">
      <i />
    </div>
  );
}

/**
 * Route error boundary: reloads once on a failed lazy chunk, otherwise offers a reload. Plain elements:
 * it sits in the shell chunk, which the login page loads without antd-mobile's components.
 */
export function RouteError() {
  const error = useCaughtRouteError();
  const action = useChunkRecovery(error);
  const { t } = useT();
  if (action === 'reload') return <PageSpinner />;
  return (
    <div className="m-status" role="alert">
      <h2>{t('status.loadFailed')}</h2>
      <button type="button" className="m-button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
