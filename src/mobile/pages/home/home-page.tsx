import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag from 'antd-mobile/es/components/tag';
import { type CSSProperties, type ReactNode, useState } from 'react';
import type { AuthorizedProduct } from '../../../../domain/schemas/products';
import type { MessageKey } from '../../../../domain/i18n';
import { appColour, appInitials, useHomePage } from '../../../pages/home/use-home-page';
import { useT } from '../../../i18n/use-t';
import { MobileFooter } from '../../layouts/mobile-footer';
import { MobileHeader } from '../../layouts/mobile-header';
import { NoticeBanner } from '../../layouts/notice-banner';
import { LockIcon } from '../../icons';
import type { WorkTable } from '../../../pages/home/use-work-table';
import { AppActionSheet, AppDetailPopup, HiddenAppsLink, WorkTableTour } from './work-table-parts';
import './home-page.css';

/** The "not authorised" tag in antd-mobile's own tokens: a quiet grey pill, like the desktop card's. */
const LOCKED_TAG = {
  '--background-color': 'var(--adm-color-fill-content)',
  '--border-color': 'var(--adm-color-fill-content)',
  '--text-color': 'var(--adm-color-weak)',
} as CSSProperties;

interface TileProps {
  app: AuthorizedProduct;
  onEnter: (app: AuthorizedProduct) => void;
  onMore: (app: AuthorizedProduct) => void;
  table: WorkTable;
}

/** One product: a licensed one opens on a tap, another shows its detail; ··· opens its actions. */
function AppTile({ app, onEnter, onMore, table }: TileProps) {
  const { t } = useT();
  const colour = appColour(app.Code);
  return (
    <div
      className={app.IsAuthorized ? 'm-app' : 'm-app locked'}
      data-testid={`product-card-${app.Code}`}
      data-authorized={String(app.IsAuthorized)}
      role={app.IsAuthorized ? 'link' : 'button'}
      onClick={() => (app.IsAuthorized ? onEnter(app) : table.openDetail(app))}
    >
      <button
        type="button"
        className="m-app-more"
        data-testid={`app-more-${app.Code}`}
        aria-label={t('workTable.settingFor', { name: app.PlatformName })}
        onClick={(event) => {
          event.stopPropagation();
          onMore(app);
        }}
      >
        ···
      </button>
      {table.isPinned(app) && <span className="m-app-pinned">{t('workTable.pinned')}</span>}
      <div className="m-app-tile" style={{ background: `linear-gradient(135deg, ${colour}, ${colour}cc)` }}>
        {appInitials(app.Code)}
      </div>
      <div className="m-app-name">{app.PlatformName}</div>
      {app.IsAuthorized ? (
        <div className="m-app-intro">{app.Introduction}</div>
      ) : (
        <Tag round className="m-app-tag" style={LOCKED_TAG}>
          <LockIcon />
          {t('home.unauthorized')}
        </Tag>
      )}
    </div>
  );
}

interface SectionProps {
  testId: string;
  title: MessageKey;
  empty: MessageKey;
  apps: AuthorizedProduct[];
  onEnter: (app: AuthorizedProduct) => void;
  onMore: (app: AuthorizedProduct) => void;
  table: WorkTable;
  extra?: ReactNode;
}

function AppSection({ testId, title, empty, apps, onEnter, onMore, table, extra }: SectionProps) {
  const { t } = useT();
  return (
    <section className="m-section" data-testid={testId}>
      <div className="m-section-head">
        <h2>
          {t(title)} <span>{apps.length}</span>
        </h2>
        {extra}
      </div>
      {apps.length === 0 ? (
        <p className="m-empty">{t(empty)}</p>
      ) : (
        <div className="m-app-grid">
          {apps.map((app) => (
            <AppTile key={app.ID} app={app} onEnter={onEnter} onMore={onMore} table={table} />
          ))}
        </div>
      )}
    </section>
  );
}

/** The phone home: My Apps and More Apps as a two-column grid. */
export function HomePage() {
  const { t } = useT();
  const page = useHomePage();
  const [actionsOf, setActionsOf] = useState<AuthorizedProduct | null>(null);
  return (
    <div className="m-page">
      <MobileHeader />
      <NoticeBanner />
      <div className="m-home-hero">
        <h1>{t('home.greeting', { name: page.userName })}</h1>
        <p>{page.orgName}</p>
      </div>
      <main className="m-home-main">
        {page.status === 'loading' && <Skeleton.Paragraph lineCount={6} animated />}
        {page.status === 'failed' && (
          <ErrorBlock status="default" title={t('status.loadFailed')} description="">
            <Button size="small" onClick={() => void page.reload()}>
              {t('common.retry')}
            </Button>
          </ErrorBlock>
        )}
        {page.status === 'ready' && (
          <>
            <AppSection
              testId="my-apps"
              title="home.myApps"
              empty="home.noApps"
              apps={page.myApps}
              onEnter={page.enter}
              onMore={setActionsOf}
              table={page}
              extra={<HiddenAppsLink table={page} />}
            />
            <AppSection
              testId="more-apps"
              title="home.moreApps"
              empty="home.noMoreApps"
              apps={page.moreApps}
              onEnter={page.enter}
              onMore={setActionsOf}
              table={page}
            />
            <AppActionSheet app={actionsOf} table={page} onClose={() => setActionsOf(null)} />
            <AppDetailPopup table={page} />
            <WorkTableTour table={page} />
          </>
        )}
      </main>
      <MobileFooter />
    </div>
  );
}
