import { Link } from 'react-router-dom';
import { LANGUAGES } from '../../../../domain/constants';
import { MarkdownView } from '../../../pages/documents/markdown-view';
import { useDocumentPage } from '../../../pages/documents/use-document-page';
import { useT } from '../../../i18n/use-t';
import './document-page.css';

const LANGUAGE_NAMES = { 'zh-CN': '中文', 'en-US': 'English' } as const;

/**
 * A public document on a phone (agreement, privacy, disclaimer, SDK list, app permissions, company,
 * contact): the text in a readable column, the other documents below it, language and the way back above.
 * Plain elements: the page is reached from the login, which loads no antd either.
 */
export function DocumentPage() {
  const page = useDocumentPage();
  const { t } = useT();
  return (
    <div className="m-doc-page" data-testid="document-page" data-document={page.name}>
      <header className="m-doc-bar">
        <Link className="m-doc-back" to={page.backPath} data-testid="document-back">
          ← {page.backPath === '/login' ? t('documents.backToLogin') : t('documents.back')}
        </Link>
        <span className="m-doc-langs">
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              className={code === page.language ? 'm-doc-lang m-doc-lang-on' : 'm-doc-lang'}
              aria-pressed={code === page.language}
              data-testid={`document-lang-${code}`}
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
              {t('documents.failed')}{' '}
              <button type="button" className="m-doc-retry" onClick={page.retry}>
                {t('documents.retry')}
              </button>
            </p>
          )}
          {page.status === 'ready' && (
            <>
              <MarkdownView className="m-doc-text" blocks={page.blocks} />
              <p className="m-doc-date">{t('documents.updatedAt', { date: page.updatedDate })}</p>
            </>
          )}
        </main>
        <nav className="m-doc-nav" aria-label={t('documents.more')}>
          <h2>{t('documents.more')}</h2>
          <ul>
            {page.others.map((other) => (
              <li key={other.name}>
                <Link to={other.path} data-testid={`document-link-${other.name}`}>
                  {t(`documents.titles.${other.name}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
