import { Modal } from 'antd';
import { useAppFooter } from '../../pages/layout/use-app-footer';
import { FooterFiling, FooterLinks } from '../../pages/layout/footer-links';
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
      <FooterLinks footer={footer} className="app-footer-links" />
      <FooterFiling filing={footer.filing} />
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
