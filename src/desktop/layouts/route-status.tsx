import { useCaughtRouteError } from '../../pages/route-error-boundary';
import { useChunkRecovery } from '../../pages/use-route-guard';
import { useT } from '../../i18n/use-t';

/** Centred spinner with 'Loading…' for route transitions and guard waits (plain CSS: it shows before antd styles). */
export function PageSpinner() {
  const { t } = useT();
  // Words beside the spinner: a cold load of a public page (/trial) fetches its chunk and the catalogue
  // first, and a bare spinner for seconds reads as a hang (issue 23). The words are in the first-paint part.
  return (
    <div className="page-spinner" role="progressbar" aria-label={t('common.loading')}>
      <i />
      <span className="page-spinner-text">{t('common.loading')}</span>
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
