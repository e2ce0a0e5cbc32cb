import { QRCodeSVG } from 'qrcode.react';
import { MarkdownView } from '../../../pages/documents/markdown-view';
import { PublicPageFrame } from '../../../pages/documents/public-page-frame';
import { useAppPage } from '../../../pages/app-pages/use-app-page';
import { useT } from '../../../i18n/use-t';
import '../documents/document-page.css';
import './app-page.css';

/**
 * An app download page or product introduction on a phone: the download button first (the reader is on
 * the phone already), the text, the QR code to pass the link on, and the other pages. Plain elements.
 */
export function AppPage() {
  const page = useAppPage();
  const { t } = useT();
  return (
    <PublicPageFrame
      shell="phone"
      page={page}
      root={{ testId: 'app-page', 'data-page': page.name }}
      backTestId="app-page-back"
      languageTestId={(code) => `header-lang-${code}`}
      failedText={t('layout.appPages.failed')}
      nav={{
        title: t('layout.appPages.pages'),
        links: page.pages
          .filter((other) => other.name !== page.name)
          .map((other) => ({
            key: other.name,
            to: other.path,
            text: t(other.title),
            testId: `app-page-link-${other.name}`,
          })),
      }}
    >
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
    </PublicPageFrame>
  );
}
