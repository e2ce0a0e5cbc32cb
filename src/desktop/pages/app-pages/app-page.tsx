import { Button, Result } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router-dom';
import { MarkdownView } from '../../../pages/documents/markdown-view';
import { useAppPage } from '../../../pages/app-pages/use-app-page';
import { useT } from '../../../i18n/use-t';
import { AppFooter } from '../../layouts/app-footer';
import { CardHeader } from '../../layouts/card-header';
import { NoAuthHeader } from '../../layouts/no-auth-header';
import '../documents/document-page.css';
import './app-page.css';

/**
 * An app download page or product introduction on desktop: the card header when signed in (the no-auth
 * header otherwise), the page's text, and beside it the QR code of the download link and the other pages.
 */
export function AppPage() {
  const { t } = useT();
  const page = useAppPage();
  return (
    <div className="app-page" data-testid="app-page" data-page={page.name}>
      {page.signedIn ? <CardHeader /> : <NoAuthHeader />}
      <div className="app-page-body">
        <main className="app-page-main">
          {page.status === 'loading' && <p className="doc-status">{t('documents.loading')}</p>}
          {page.status === 'failed' && (
            <Result
              status="warning"
              title={t('layout.appPages.failed')}
              extra={<Button onClick={page.retry}>{t('documents.retry')}</Button>}
            />
          )}
          {page.status === 'ready' && <MarkdownView className="doc-text" blocks={page.blocks} />}
        </main>
        <aside className="app-page-side">
          {page.status === 'ready' && (
            <section className="app-page-qr" data-testid="app-download">
              <h2>{t('layout.appPages.scan')}</h2>
              {page.downloadUrl ? (
                <>
                  <QRCodeSVG value={page.downloadUrl} size={168} marginSize={2} title={page.downloadUrl} />
                  <p>{t('layout.appPages.scanHint')}</p>
                  <a
                    href={page.downloadUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="app-download-link"
                  >
                    {t('layout.appPages.openLink')}
                  </a>
                </>
              ) : (
                <p>{t('layout.appPages.noLink')}</p>
              )}
            </section>
          )}
          <nav className="app-page-nav" aria-label={t('layout.appPages.pages')}>
            <h2>{t('layout.appPages.pages')}</h2>
            <ul>
              {page.pages.map((other) => (
                <li key={other.name}>
                  <Link
                    to={other.path}
                    className={other.name === page.name ? 'on' : undefined}
                    data-testid={`app-page-link-${other.name}`}
                  >
                    {t(other.title)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </div>
      <AppFooter />
    </div>
  );
}
