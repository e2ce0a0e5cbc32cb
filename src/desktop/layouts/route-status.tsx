import { useCaughtRouteError } from '../../pages/route-error-boundary';
import { useChunkRecovery } from '../../pages/use-route-guard';
import { useT } from '../../i18n/use-t';

/** Centred spinner for route transitions and guard waits (plain CSS: it shows before antd styles). */
export function PageSpinner() {
  return (
    <div className="page-spinner" role="progressbar">
      <i />
    </div>
  );
}

/**
 * Route error boundary: reloads once on a failed lazy chunk, otherwise offers a reload. Plain elements:
 * it sits in the shell chunk, which the login page loads without antd.
 */
export function RouteError() {
  const error = useCaughtRouteError();
  const action = useChunkRecovery(error);
  const { t } = useT();
  if (action === 'reload') return <PageSpinner />;
  return (
    <div className="status-page" role="alert">
      <div className="status-page-card route-error">
        <h2>{t('status.loadFailed')}</h2>
        <button type="button" className="uc-button" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </div>
    </div>
  );
}
