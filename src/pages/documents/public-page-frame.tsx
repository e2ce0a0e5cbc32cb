import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type Language, LANGUAGES } from '../../../domain/constants';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../paths';
import type { useMarkdownPage } from './use-markdown-page';

const LANGUAGE_NAMES = { 'zh-CN': '中文', 'en-US': 'English' } as const;

/** A link of the frame's list of other pages. */
export interface FrameLink {
  key: string;
  to: string;
  text: string;
  testId: string;
}

/**
 * The frame of a public page reached without signing in (a legal document on either shell, an app page on
 * a phone): the way back and the language buttons above, the page's text (with loading and a retry after a
 * failure), and the other pages. Plain elements: the pages are reached from the login, which loads no antd.
 * `shell` picks the class names: doc-… on desktop (beside the text), m-doc-… on a phone (below it).
 */
export function PublicPageFrame({
  shell,
  page,
  root,
  backTestId,
  languageTestId,
  appName = false,
  failedText,
  nav,
  children,
}: {
  shell: 'desktop' | 'phone';
  page: Pick<
    ReturnType<typeof useMarkdownPage>,
    'status' | 'language' | 'setLanguage' | 'backPath' | 'retry'
  >;
  /** The outer element's test id and data attributes. */
  root: { testId: string } & Record<`data-${string}`, string>;
  backTestId: string;
  languageTestId: (language: Language) => string;
  /** The product's name in the bar (desktop). */
  appName?: boolean;
  failedText: string;
  nav: { title: string; links: FrameLink[] };
  /** The page once loaded. */
  children: ReactNode;
}) {
  const { t } = useT();
  const c = (name: string) => (shell === 'phone' ? `m-doc-${name}` : `doc-${name}`);
  const { testId, ...data } = root;
  return (
    <div className={c('page')} data-testid={testId} {...data}>
      <header className={c('bar')}>
        <Link className={c('back')} to={page.backPath} data-testid={backTestId}>
          ← {page.backPath === PATHS.login ? t('documents.backToLogin') : t('documents.back')}
        </Link>
        {appName && <span className={c('app')}>{t('common.appName')}</span>}
        <span className={c('langs')}>
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              className={code === page.language ? `${c('lang')} ${c('lang-on')}` : c('lang')}
              aria-pressed={code === page.language}
              data-testid={languageTestId(code)}
              onClick={() => void page.setLanguage(code)}
            >
              {LANGUAGE_NAMES[code]}
            </button>
          ))}
        </span>
      </header>
      <div className={c('body')}>
        <main className={c('main')}>
          {page.status === 'loading' && <p className={c('status')}>{t('documents.loading')}</p>}
          {page.status === 'failed' && (
            <p className={c('status')} role="alert">
              {failedText}{' '}
              <button type="button" className={c('retry')} onClick={page.retry}>
                {t('documents.retry')}
              </button>
            </p>
          )}
          {page.status === 'ready' && children}
        </main>
        <nav className={c('nav')} aria-label={nav.title}>
          <h2>{nav.title}</h2>
          <ul>
            {nav.links.map((link) => (
              <li key={link.key}>
                <Link to={link.to} data-testid={link.testId}>
                  {link.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
