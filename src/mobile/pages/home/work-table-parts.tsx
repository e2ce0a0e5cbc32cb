import ActionSheet from 'antd-mobile/es/components/action-sheet';
import Button from 'antd-mobile/es/components/button';
import Mask from 'antd-mobile/es/components/mask';
import Popup from 'antd-mobile/es/components/popup';
import Tag from 'antd-mobile/es/components/tag';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import type { AuthorizedProduct } from '../../../../domain/schemas/products';
import { useT } from '../../../i18n/use-t';
import type { WorkTable } from '../../../pages/home/use-work-table';

/** The tile's actions in a sheet: detail, pin (or unpin) and hide. */
export function AppActionSheet({
  app,
  table,
  onClose,
}: {
  app: AuthorizedProduct | null;
  table: WorkTable;
  onClose: () => void;
}) {
  const { t } = useT();
  const pinned = app ? table.isPinned(app) : false;
  const saved = async (done: Promise<boolean>) => {
    if (await done) Toast.show({ content: t('workTable.saved') });
  };
  return (
    <ActionSheet
      visible={app !== null}
      onClose={onClose}
      cancelText={t('common.cancel')}
      extra={app?.PlatformName}
      actions={[
        { key: 'detail', text: t('home.detail'), onClick: () => app && table.openDetail(app) },
        {
          key: 'pin',
          text: t(pinned ? 'workTable.unpin' : 'workTable.pin'),
          onClick: () => app && void saved(table.pin(app, !pinned)),
        },
        { key: 'hide', text: t('workTable.hide'), onClick: () => app && void saved(table.hide(app, true)) },
      ]}
      onAction={onClose}
    />
  );
}

/** The detail sheet: the product's name, description, licence and address. */
export function AppDetailPopup({ table }: { table: WorkTable }) {
  const { t } = useT();
  const detail = table.detail;
  return (
    <Popup
      visible={detail !== null}
      onMaskClick={table.closeDetail}
      onClose={table.closeDetail}
      bodyClassName="m-app-detail"
      destroyOnClose
    >
      {detail && (
        <div data-testid="app-detail">
          <h3>{t('workTable.detailTitle')}</h3>
          <dl>
            <dt>{t('workTable.name')}</dt>
            <dd>{detail.app.PlatformName}</dd>
            <dt>{t('workTable.description')}</dt>
            <dd>{detail.app.Introduction}</dd>
            <dt>{t('workTable.licence')}</dt>
            <dd>
              <Tag color={detail.app.IsAuthorized ? 'primary' : 'default'} fill="outline">
                {t(detail.app.IsAuthorized ? 'workTable.licensed' : 'workTable.unlicensed')}
              </Tag>
            </dd>
            <dt>{t('workTable.url')}</dt>
            <dd className="m-app-detail-url" data-testid="app-detail-url">
              {detail.url || t('workTable.noUrl')}
            </dd>
          </dl>
          <Button block shape="rounded" onClick={table.closeDetail}>
            {t('workTable.close')}
          </Button>
        </div>
      )}
    </Popup>
  );
}

/** The hidden apps, from the My Apps heading: each can be shown again. */
export function HiddenAppsLink({ table }: { table: WorkTable }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  if (table.hidden.length === 0) return null;
  return (
    <>
      <button type="button" className="m-hidden-link" data-testid="hidden-apps" onClick={() => setOpen(true)}>
        {t('workTable.hiddenApps', { count: table.hidden.length })}
      </button>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        extra={t('workTable.hiddenTitle')}
        cancelText={t('common.cancel')}
        actions={table.hidden.map((app) => ({
          key: app.Code,
          text: `${t('workTable.show')} · ${app.PlatformName}`,
          onClick: () => void table.hide(app, false),
        }))}
        onAction={() => setOpen(false)}
      />
    </>
  );
}

/** The one-time guided tour: one card per step over a dimmed page; the last step or Skip ends it. */
export function WorkTableTour({ table }: { table: WorkTable }) {
  const { t } = useT();
  const [step, setStep] = useState(0);
  const steps = table.tourSteps;
  const name = steps[Math.min(step, steps.length - 1)];
  const last = step >= steps.length - 1;
  return (
    <Mask visible={table.tourOpen} opacity={0.55} destroyOnClose>
      <div className="m-tour" data-testid="work-table-tour" role="dialog" aria-modal="true">
        <div className="m-tour-step">
          {t('workTable.tour.step', { current: step + 1, total: steps.length })}
        </div>
        <h3>{t(`workTable.tour.${name}Title`)}</h3>
        <p>{t(`workTable.tour.${name}`)}</p>
        <div className="m-tour-actions">
          {last ? (
            <span />
          ) : (
            <Button size="small" fill="none" onClick={table.finishTour} data-testid="tour-skip">
              {t('workTable.tour.skip')}
            </Button>
          )}
          <Button
            size="small"
            color="primary"
            data-testid="tour-next"
            onClick={() => (last ? table.finishTour() : setStep(step + 1))}
          >
            {t(last ? 'workTable.tour.finish' : 'workTable.tour.next')}
          </Button>
        </div>
      </div>
    </Mask>
  );
}
