import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { MarkdownView } from '../../../pages/documents/markdown-view';
import { useHelpDocPage } from '../../../pages/help-docs/use-help-doc-page';
import { useLayout } from '../../../pages/layout/use-layout';
import { useT } from '../../../i18n/use-t';
import { AppFooter } from '../../layouts/app-footer';
import { NewHeader } from '../../layouts/new-header';
import { OldHeader } from '../../layouts/old-header';
import '../documents/document-page.css';
import '../app-pages/app-page.css';

/**
 * A product's help document on desktop (/{platform}/:a/:b): under the header of the user's UI, the
 * document, or a clear page saying it is not there yet; the help of the user's other products beside it.
 */
export function HelpDocPage() {
  const { t } = useT();
  const page = useHelpDocPage();
  const layout = useLayout();
  return (
    <div className="app-page" data-testid="help-doc-page" data-product={page.code} data-status={page.status}>
      {layout.uiVersion === 'NOSTALGIA' ? <OldHeader /> : <NewHeader />}
      <div className="app-page-body">
        <main className="app-page-main">
          {page.status === 'loading' && <p className="doc-status">{t('documents.loading')}</p>}
          {page.status === 'ready' && <MarkdownView className="doc-text" blocks={page.blocks} />}
          {page.status === 'missing' && (
            <Result
              status="404"
              title={t('layout.helpDoc.missingTitle')}
              subTitle={t('layout.helpDoc.missing', { product: page.productName })}
              data-testid="help-doc-missing"
            />
          )}
          {page.status === 'forbidden' && (
            <Result status="403" title={t('layout.helpDoc.forbidden')} data-testid="help-doc-forbidden" />
          )}
          {page.status === 'failed' && (
            <Result
              status="warning"
              title={t('layout.helpDoc.failed')}
              extra={<Button onClick={page.retry}>{t('documents.retry')}</Button>}
            />
          )}
        </main>
        <aside className="app-page-side">
          <nav className="app-page-nav" aria-label={t('layout.helpDoc.others')}>
            <h2>{t('layout.helpDoc.others')}</h2>
            <ul>
              {page.others.map((other) => (
                <li key={other.code}>
                  <Link
                    to={other.path}
                    className={other.current ? 'on' : undefined}
                    data-testid={`help-doc-link-${other.code}`}
                  >
                    {t('layout.helpDoc.title', { product: other.name })}
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
