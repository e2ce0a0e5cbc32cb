import { Button, Empty, Result, Skeleton } from 'antd';
import { type ReactNode, type RefObject, useRef } from 'react';
import type { AuthorizedProduct } from '../../../../domain/schemas/products';
import type { MessageKey } from '../../../../domain/i18n';
import { useHomePage } from '../../../pages/home/use-home-page';
import { useT } from '../../../i18n/use-t';
import { AppFooter } from '../../layouts/app-footer';
import { CardHeader } from '../../layouts/card-header';
import { NoticeBanner } from '../../layouts/notice-banner';
import { ProductCard } from './product-card';
import type { WorkTable } from '../../../pages/home/use-work-table';
import { AppDetailDialog, HiddenApps, WorkTableTour } from './work-table-parts';
import './home-page.css';

interface SectionProps {
  testId: string;
  title: MessageKey;
  hint: MessageKey;
  empty: MessageKey;
  apps: AuthorizedProduct[];
  onEnter: (app: AuthorizedProduct) => void;
  table: WorkTable;
  sectionRef: RefObject<HTMLElement | null>;
  extra?: ReactNode;
}

function AppSection({ testId, title, hint, empty, apps, onEnter, table, sectionRef, extra }: SectionProps) {
  const { t } = useT();
  return (
    <section className="app-section" data-testid={testId} ref={sectionRef}>
      <div className="app-section-head">
        <h2>
          {t(title)} <span className="app-count">{apps.length}</span>
        </h2>
        <span className="app-section-hint">{t(hint)}</span>
        {extra}
      </div>
      {apps.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(empty)} />
      ) : (
        <div className="app-grid">
          {apps.map((app) => (
            <ProductCard key={app.ID} app={app} onEnter={onEnter} table={table} />
          ))}
        </div>
      )}
    </section>
  );
}

/** The card-mode home (/cardModeIndex): My Apps and More Apps. */
export function HomePage() {
  const { t } = useT();
  const page = useHomePage();
  const myApps = useRef<HTMLElement>(null);
  const moreApps = useRef<HTMLElement>(null);

  return (
    <div className="card-home">
      <CardHeader />
      <NoticeBanner />
      <main className="card-home-main">
        <div className="home-hero">
          <h1>{t('home.greeting', { name: page.userName })}</h1>
          <p>{t('home.subtitle', { org: page.orgName })}</p>
        </div>
        {page.status === 'loading' && <Skeleton active paragraph={{ rows: 6 }} />}
        {page.status === 'failed' && (
          <Result
            status="warning"
            title={t('status.loadFailed')}
            extra={<Button onClick={() => void page.reload()}>{t('common.retry')}</Button>}
          />
        )}
        {page.status === 'ready' && (
          <>
            <AppSection
              testId="my-apps"
              title="home.myApps"
              hint="home.myAppsHint"
              empty="home.noApps"
              apps={page.myApps}
              onEnter={page.enter}
              table={page}
              sectionRef={myApps}
              extra={<HiddenApps table={page} />}
            />
            <AppSection
              testId="more-apps"
              title="home.moreApps"
              hint="home.moreAppsHint"
              empty="home.noMoreApps"
              apps={page.moreApps}
              onEnter={page.enter}
              table={page}
              sectionRef={moreApps}
            />
            <AppDetailDialog table={page} />
            <WorkTableTour table={page} targets={{ myApps, moreApps }} />
          </>
        )}
      </main>
      <AppFooter />
    </div>
  );
}
