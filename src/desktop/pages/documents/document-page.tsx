import { MarkdownView } from '../../../pages/documents/markdown-view';
import { PublicPageFrame } from '../../../pages/documents/public-page-frame';
import { useDocumentPage } from '../../../pages/documents/use-document-page';
import { useT } from '../../../i18n/use-t';
import './document-page.css';

/**
 * A public document on desktop (agreement, privacy, disclaimer, SDK list, app permissions, company,
 * contact): the text in a readable column, the other documents beside it, language and the way back above.
 */
export function DocumentPage() {
  const page = useDocumentPage();
  const { t } = useT();
  return (
    <PublicPageFrame
      shell="desktop"
      page={page}
      root={{ testId: 'document-page', 'data-document': page.name }}
      backTestId="document-back"
      languageTestId={(code) => `document-lang-${code}`}
      appName
      failedText={t('documents.failed')}
      nav={{
        title: t('documents.more'),
        links: page.others.map((other) => ({
          key: other.name,
          to: other.path,
          text: t(`documents.titles.${other.name}`),
          testId: `document-link-${other.name}`,
        })),
      }}
    >
      <MarkdownView className="doc-text" blocks={page.blocks} />
      <p className="doc-date">{t('documents.updatedAt', { date: page.updatedDate })}</p>
    </PublicPageFrame>
  );
}
