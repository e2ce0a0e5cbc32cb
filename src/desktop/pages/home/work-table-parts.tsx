import {
  Button,
  Descriptions,
  Dropdown,
  List,
  Modal,
  Popover,
  Tag,
  Tour,
  type TourProps,
  message,
} from 'antd';
import type { RefObject } from 'react';
import type { AuthorizedProduct } from '../../../../domain/schemas/products';
import { useT } from '../../../i18n/use-t';
import type { WorkTableTourStep } from '../../../../domain/rules/work-table';
import type { WorkTable } from '../../../pages/home/use-work-table';

/** The card's settings action: pin to the top (or unpin) and hide from the work table. */
export function AppSettingMenu({ app, table }: { app: AuthorizedProduct; table: WorkTable }) {
  const { t } = useT();
  const pinned = table.isPinned(app);
  const act = async (done: Promise<boolean>) => {
    if (await done) void message.success(t('workTable.saved'));
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'pin',
            label: (
              <span data-testid={`app-pin-${app.Code}`}>
                {t(pinned ? 'workTable.unpin' : 'workTable.pin')}
              </span>
            ),
          },
          { key: 'hide', label: <span data-testid={`app-hide-${app.Code}`}>{t('workTable.hide')}</span> },
        ],
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          void act(key === 'pin' ? table.pin(app, !pinned) : table.hide(app, true));
        },
      }}
    >
      <Button
        size="small"
        type="text"
        data-testid={`app-setting-${app.Code}`}
        aria-label={t('workTable.settingFor', { name: app.PlatformName })}
        onClick={(event) => event.stopPropagation()}
      >
        {t('home.setting')}
      </Button>
    </Dropdown>
  );
}

/** The detail dialog: the product's name, description, licence and address. */
export function AppDetailDialog({ table }: { table: WorkTable }) {
  const { t } = useT();
  const detail = table.detail;
  return (
    <Modal
      open={detail !== null}
      title={t('workTable.detailTitle')}
      onCancel={table.closeDetail}
      footer={<Button onClick={table.closeDetail}>{t('workTable.close')}</Button>}
      destroyOnHidden
    >
      {detail && (
        <Descriptions column={1} bordered size="small" data-testid="app-detail">
          <Descriptions.Item label={t('workTable.name')}>{detail.app.PlatformName}</Descriptions.Item>
          <Descriptions.Item label={t('workTable.description')}>{detail.app.Introduction}</Descriptions.Item>
          <Descriptions.Item label={t('workTable.licence')}>
            <Tag color={detail.app.IsAuthorized ? 'blue' : 'default'}>
              {t(detail.app.IsAuthorized ? 'workTable.licensed' : 'workTable.unlicensed')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('workTable.url')}>
            <span className="app-detail-url" data-testid="app-detail-url">
              {detail.url || t('workTable.noUrl')}
            </span>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/** The hidden apps, from the My Apps heading: each can be shown again. */
export function HiddenApps({ table }: { table: WorkTable }) {
  const { t } = useT();
  if (table.hidden.length === 0) return null;
  return (
    <Popover
      trigger="click"
      title={t('workTable.hiddenTitle')}
      content={
        <List
          size="small"
          className="hidden-apps"
          dataSource={table.hidden}
          renderItem={(app) => (
            <List.Item
              actions={[
                <Button
                  key="show"
                  size="small"
                  type="link"
                  data-testid={`app-show-${app.Code}`}
                  onClick={() => void table.hide(app, false)}
                >
                  {t('workTable.show')}
                </Button>,
              ]}
            >
              {app.PlatformName}
            </List.Item>
          )}
        />
      }
    >
      <Button size="small" type="link" data-testid="hidden-apps">
        {t('workTable.hiddenApps', { count: table.hidden.length })}
      </Button>
    </Popover>
  );
}

/** The one-time guided tour over My Apps, More Apps, a card's actions and, for administrators, the user menu. */
export function WorkTableTour({
  table,
  targets,
}: {
  table: WorkTable;
  targets: { myApps: RefObject<HTMLElement | null>; moreApps: RefObject<HTMLElement | null> };
}) {
  const { t } = useT();
  const targetOf = (step: WorkTableTourStep): (() => HTMLElement) => {
    if (step === 'myApps') return () => targets.myApps.current ?? document.body;
    if (step === 'moreApps') return () => targets.moreApps.current ?? document.body;
    if (step === 'actions') return () => document.querySelector<HTMLElement>('.app-actions') ?? document.body;
    // The user menu's button in the header: the administration opens from its menu.
    return () => document.querySelector<HTMLElement>('[data-testid="user-menu"]') ?? document.body;
  };
  const steps: TourProps['steps'] = table.tourSteps.map((step) => ({
    title: t(`workTable.tour.${step}Title`),
    description: t(`workTable.tour.${step}`),
    target: targetOf(step),
  }));
  return (
    <Tour
      open={table.tourOpen}
      steps={steps}
      onClose={table.finishTour}
      onFinish={table.finishTour}
      indicatorsRender={(current, total) => t('workTable.tour.step', { current: current + 1, total })}
      rootClassName="work-table-tour"
    />
  );
}
