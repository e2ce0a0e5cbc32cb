import Dialog from 'antd-mobile/es/components/dialog';
import { Link } from 'react-router-dom';
import { useAppFooter } from '../../pages/layout/use-app-footer';
import { useT } from '../../i18n/use-t';

/** The phone footer: links to the public documents, then the short version, opening the version dialog. */
export function MobileFooter() {
  const { t } = useT();
  const footer = useAppFooter();
  return (
    <footer className="m-footer">
      <nav className="m-footer-links">
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
      <span>{t('layout.footer.copyright', { year: footer.year })}</span>
      <button type="button" data-testid="footer-version" onClick={footer.openDialog}>
        {t('common.version', { version: footer.shortVersion })}
      </button>
      <Dialog
        visible={footer.dialogOpen}
        title={t('common.versionDialogTitle')}
        content={t('common.versionDialogBody', { version: footer.version })}
        closeOnMaskClick
        onClose={footer.closeDialog}
        actions={[{ key: 'ok', text: t('common.ok'), onClick: footer.closeDialog }]}
      />
    </footer>
  );
}
