import { Modal } from 'antd';
import { Link } from 'react-router-dom';
import { useAppFooter } from '../../pages/layout/use-app-footer';
import { useT } from '../../i18n/use-t';
import './layouts.css';

/**
 * The fixed footer (SPEC §2): copyright, the links to the agreement, privacy, disclaimer, company and
 * contact pages, and the short version, which opens the version dialog.
 */
export function AppFooter() {
  const { t } = useT();
  const footer = useAppFooter();
  return (
    <footer className="app-footer">
      <span>{t('layout.footer.copyright', { year: footer.year })}</span>
      <nav className="app-footer-links">
        {footer.links.map((link) => (
          <Link key={link.path} to={link.path}>
            {t(link.label)}
          </Link>
        ))}
        {footer.externalLinks.map((link) => (
          <a
            key={link.url}
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="footer-external"
          >
            {link.label}
          </a>
        ))}
      </nav>
      {footer.filing &&
        (footer.filing.url ? (
          <a href={footer.filing.url} target="_blank" rel="noopener noreferrer" data-testid="footer-filing">
            {footer.filing.text}
          </a>
        ) : (
          <span data-testid="footer-filing">{footer.filing.text}</span>
        ))}
      <button
        type="button"
        className="app-footer-version"
        data-testid="footer-version"
        onClick={footer.openDialog}
      >
        {t('common.version', { version: footer.shortVersion })}
      </button>
      <Modal
        open={footer.dialogOpen}
        title={t('common.versionDialogTitle')}
        onCancel={footer.closeDialog}
        onOk={footer.closeDialog}
        okText={t('common.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
        centered
      >
        <p>{t('common.versionDialogBody', { version: footer.version })}</p>
        <p className="app-footer-app">{t('common.appName')}</p>
      </Modal>
    </footer>
  );
}
