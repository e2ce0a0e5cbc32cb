import { Button, Tag, Tooltip } from 'antd';
import type { AuthorizedProduct } from '../../../../domain/schemas/products';
import { appColour, appInitials } from '../../../pages/home/use-home-page';
import { useT } from '../../../i18n/use-t';
import type { WorkTable } from '../../../pages/home/use-work-table';
import { ArrowIcon, LockIcon } from '../../icons';
import { AppSettingMenu } from './work-table-parts';

/** One product card: coloured initials, name, introduction; licensed cards open the product. */
export function ProductCard({
  app,
  onEnter,
  table,
}: {
  app: AuthorizedProduct;
  onEnter: (app: AuthorizedProduct) => void;
  /** The work table's detail and settings actions (SPEC §2). */
  table: WorkTable;
}) {
  const { t } = useT();
  const colour = appColour(app.Code);
  const authorised = app.IsAuthorized;
  const enter = () => authorised && onEnter(app);

  return (
    <div
      className={authorised ? 'product-card' : 'product-card locked'}
      data-testid={`product-card-${app.Code}`}
      data-authorized={String(authorised)}
      role={authorised ? 'link' : undefined}
      tabIndex={authorised ? 0 : undefined}
      onClick={enter}
      onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && enter()}
    >
      <div className="product-card-top">
        <div className="app-tile" style={{ background: `linear-gradient(135deg, ${colour}, ${colour}cc)` }}>
          {appInitials(app.Code)}
        </div>
        {authorised ? (
          <Tooltip title={t('home.openInNewTab')}>
            <span className="app-enter">
              {t('home.enter')} <ArrowIcon />
            </span>
          </Tooltip>
        ) : (
          <Tooltip title={t('home.contactSales')}>
            <Tag className="app-locked-tag" icon={<LockIcon />}>
              {t('home.unauthorized')}
            </Tag>
          </Tooltip>
        )}
      </div>
      <div className="app-name">{app.PlatformName}</div>
      <div className="app-intro">{app.Introduction}</div>
      <div
        className="app-actions"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {table.isPinned(app) && (
          <Tag className="app-pinned" color="blue">
            {t('workTable.pinned')}
          </Tag>
        )}
        <span className="app-actions-gap" />
        {authorised && (
          <Button size="small" type="text" data-testid={`app-enter-${app.Code}`} onClick={() => onEnter(app)}>
            {t('home.enter')}
          </Button>
        )}
        <Button
          size="small"
          type="text"
          data-testid={`app-detail-${app.Code}`}
          onClick={() => table.openDetail(app)}
        >
          {t('home.detail')}
        </Button>
        <AppSettingMenu app={app} table={table} />
      </div>
    </div>
  );
}
