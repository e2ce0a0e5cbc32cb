import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router-dom';
import { LANGUAGES } from '../../../../domain/constants';
import { MarkdownView } from '../../../pages/documents/markdown-view';
import { useAppPage } from '../../../pages/app-pages/use-app-page';
import { useT } from '../../../i18n/use-t';
import '../documents/document-page.css';
import './app-page.css';

const LANGUAGE_NAMES = { 'zh-CN': '中文', 'en-US': 'English' } as const;

/**
 * An app download page or product introduction on a phone: the download button first (the reader is on
 * the phone already), the text, the QR code to pass the link on, and the other pages. Plain elements.
 */
export function AppPage() {
  const page = useAppPage();
  const { t } = useT();
  return (
    <div className="m-doc-page" data-testid="app-page" data-page={page.name}>
      <header className="m-doc-bar">
        <Link className="m-doc-back" to={page.backPath} data-testid="app-page-back">
          ← {page.signedIn ? t('documents.back') : t('documents.backToLogin')}
        </Link>
        <span className="m-doc-langs">
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              className={code === page.language ? 'm-doc-lang m-doc-lang-on' : 'm-doc-lang'}
              aria-pressed={code === page.language}
              data-testid={`header-lang-${code}`}
              onClick={() => void page.setLanguage(code)}
            >
              {LANGUAGE_NAMES[code]}
            </button>
          ))}
        </span>
      </header>
      <div className="m-doc-body">
        <main className="m-doc-main">
          {page.status === 'loading' && <p className="m-doc-status">{t('documents.loading')}</p>}
          {page.status === 'failed' && (
            <p className="m-doc-status" role="alert">
              {t('layout.appPages.failed')}{' '}
              <button type="button" className="m-doc-retry" onClick={page.retry}>
                {t('documents.retry')}
              </button>
            </p>
          )}
          {page.status === 'ready' && (
            <>
              {page.downloadUrl && (
                <a
                  className="m-app-download"
                  href={page.downloadUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="app-download-link"
                >
                  {t('layout.appPages.openLink')}
                </a>
              )}
              <MarkdownView className="m-doc-text" blocks={page.blocks} />
              <section className="m-app-qr" data-testid="app-download">
                <h2>{t('layout.appPages.scan')}</h2>
                {page.downloadUrl ? (
                  <QRCodeSVG value={page.downloadUrl} size={148} marginSize={2} title={page.downloadUrl} />
                ) : (
                  <p>{t('layout.appPages.noLink')}</p>
                )}
              </section>
            </>
          )}
        </main>
        <nav className="m-doc-nav" aria-label={t('layout.appPages.pages')}>
          <h2>{t('layout.appPages.pages')}</h2>
          <ul>
            {page.pages
              .filter((other) => other.name !== page.name)
              .map((other) => (
                <li key={other.name}>
                  <Link to={other.path} data-testid={`app-page-link-${other.name}`}>
                    {t(other.title)}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
