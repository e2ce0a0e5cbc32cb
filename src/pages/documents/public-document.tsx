import { useT } from '../../i18n/use-t';
import { MarkdownView } from './markdown-view';
import { PublicPageFrame } from './public-page-frame';
import { useDocumentPage } from './use-document-page';

/**
 * A public document (agreement, privacy, disclaimer, SDK list, app permissions, company, contact): the text
 * in a readable column with its date, the other documents beside it on desktop and below it on a phone,
 * language and the way back above. Each shell's page gives its styles.
 */
export function PublicDocument({ shell }: { shell: 'desktop' | 'phone' }) {
  const page = useDocumentPage();
  const { t } = useT();
  const prefix = shell === 'phone' ? 'm-' : '';
  return (
    <PublicPageFrame
      shell={shell}
      page={page}
      root={{ testId: 'document-page', 'data-document': page.name }}
      backTestId="document-back"
      languageTestId={(code) => `document-lang-${code}`}
      appName={shell === 'desktop'}
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
      <MarkdownView className={`${prefix}doc-text`} blocks={page.blocks} />
      <p className={`${prefix}doc-date`}>{t('documents.updatedAt', { date: page.updatedDate })}</p>
    </PublicPageFrame>
  );
}
