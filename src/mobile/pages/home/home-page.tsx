import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag from 'antd-mobile/es/components/tag';
import type { CSSProperties } from 'react';
import type { AuthorizedProduct } from '../../../../domain/schemas/products';
import type { MessageKey } from '../../../../domain/i18n';
import { appColour, appInitials, useHomePage } from '../../../pages/home/use-home-page';
import { useT } from '../../../i18n/use-t';
import { MobileFooter } from '../../layouts/mobile-footer';
import { MobileHeader } from '../../layouts/mobile-header';
import { NoticeBanner } from '../../layouts/notice-banner';
import { LockIcon } from '../../icons';
import './home-page.css';

/** The "not authorised" tag in antd-mobile's own tokens: a quiet grey pill, like the desktop card's. */
const LOCKED_TAG = {
  '--background-color': 'var(--adm-color-fill-content)',
  '--border-color': 'var(--adm-color-fill-content)',
  '--text-color': 'var(--adm-color-weak)',
} as CSSProperties;

function AppTile({ app, onEnter }: { app: AuthorizedProduct; onEnter: (app: AuthorizedProduct) => void }) {
  const { t } = useT();
  const colour = appColour(app.Code);
  return (
    <div
      className={app.IsAuthorized ? 'm-app' : 'm-app locked'}
      data-testid={`product-card-${app.Code}`}
      data-authorized={String(app.IsAuthorized)}
      role={app.IsAuthorized ? 'link' : undefined}
      onClick={() => onEnter(app)}
    >
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
}

function AppSection({ testId, title, empty, apps, onEnter }: SectionProps) {
  const { t } = useT();
  return (
    <section className="m-section" data-testid={testId}>
      <h2>
        {t(title)} <span>{apps.length}</span>
      </h2>
      {apps.length === 0 ? (
        <p className="m-empty">{t(empty)}</p>
      ) : (
        <div className="m-app-grid">
          {apps.map((app) => (
            <AppTile key={app.ID} app={app} onEnter={onEnter} />
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
            />
            <AppSection
              testId="more-apps"
              title="home.moreApps"
              empty="home.noMoreApps"
              apps={page.moreApps}
              onEnter={page.enter}
            />
          </>
        )}
      </main>
      <MobileFooter />
    </div>
  );
}
