import Button from 'antd-mobile/es/components/button';
import { useRouteError } from 'react-router-dom';
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

/** Route error boundary: reloads once on a failed lazy chunk, otherwise offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const action = useChunkRecovery(error);
  const { t } = useT();
  if (action === 'reload') return <PageSpinner />;
  return (
    <div className="m-status" role="alert">
      <h2>{t('status.loadFailed')}</h2>
      <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
