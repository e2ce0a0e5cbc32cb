import Dialog from 'antd-mobile/es/components/dialog';
import { useAppFooter } from '../../pages/layout/use-app-footer';
import { FooterFiling, FooterLinks } from '../../pages/layout/footer-links';
import { useT } from '../../i18n/use-t';

/** The phone footer: links to the public documents, then the short version, opening the version dialog. */
export function MobileFooter() {
  const { t } = useT();
  const footer = useAppFooter();
  return (
    <footer className="m-footer">
      <FooterLinks footer={footer} className="m-footer-links" />
      <FooterFiling filing={footer.filing} />
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
