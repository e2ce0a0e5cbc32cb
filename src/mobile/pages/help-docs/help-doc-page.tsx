import { Link } from 'react-router-dom';
import { MarkdownView } from '../../../pages/documents/markdown-view';
import { useHelpDocPage } from '../../../pages/help-docs/use-help-doc-page';
import { useT } from '../../../i18n/use-t';
import { MobileHeader } from '../../layouts/mobile-header';
import '../documents/document-page.css';
import '../app-pages/app-page.css';

/**
 * A product's help document on a phone (/{platform}/:a/:b): the document under the phone header, or a
 * clear page saying it is not there yet; the help of the user's other products below.
 */
export function HelpDocPage() {
  const { t } = useT();
  const page = useHelpDocPage();
  return (
    <div
      className="m-doc-page"
      data-testid="help-doc-page"
      data-product={page.code}
      data-status={page.status}
    >
      <MobileHeader homeLink />
      <div className="m-doc-body">
        <main className="m-doc-main">
          {page.status === 'loading' && <p className="m-doc-status">{t('documents.loading')}</p>}
          {page.status === 'ready' && <MarkdownView className="m-doc-text" blocks={page.blocks} />}
          {page.status === 'missing' && (
            <div className="m-help-missing" data-testid="help-doc-missing">
              <h1>{t('layout.helpDoc.missingTitle')}</h1>
              <p>{t('layout.helpDoc.missing', { product: page.productName })}</p>
            </div>
          )}
          {page.status === 'forbidden' && (
            <div className="m-help-missing" data-testid="help-doc-forbidden">
              <p>{t('layout.helpDoc.forbidden')}</p>
            </div>
          )}
          {page.status === 'failed' && (
            <p className="m-doc-status" role="alert">
              {t('layout.helpDoc.failed')}{' '}
              <button type="button" className="m-doc-retry" onClick={page.retry}>
                {t('documents.retry')}
              </button>
            </p>
          )}
        </main>
        <nav className="m-doc-nav" aria-label={t('layout.helpDoc.others')}>
          <h2>{t('layout.helpDoc.others')}</h2>
          <ul>
            {page.others.map((other) => (
              <li key={other.code}>
                <Link to={other.path} data-testid={`help-doc-link-${other.code}`}>
                  {t('layout.helpDoc.title', { product: other.name })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
