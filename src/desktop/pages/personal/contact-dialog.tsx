import { Alert, Button, type ButtonProps, Input, Modal, Space } from 'antd';
import { useT } from '../../../i18n/use-t';
import type { useContactChange } from '../../../pages/personal/use-contact-change';

/** The dialog that changes the mobile number or email: new address, code sent to it, confirm. */
export function ContactDialog({ contact }: { contact: ReturnType<typeof useContactChange> }) {
  const { t } = useT();
  const mobile = contact.kind === 'mobile';
  return (
    <Modal
      open={contact.kind !== null}
      title={t(mobile ? 'personal.changeMobile' : 'personal.changeEmail')}
      okText={t('personal.confirm')}
      cancelText={t('personal.cancel')}
      confirmLoading={contact.busy === 'confirming'}
      onOk={() => void contact.confirm()}
      onCancel={contact.close}
      okButtonProps={{ 'data-testid': 'contact-confirm' } as ButtonProps}
      destroyOnHidden
    >
      <div className="personal-dialog">
        <label>
          {t(mobile ? 'personal.newMobile' : 'personal.newEmail')}
          <Input
            data-testid="contact-address"
            inputMode={mobile ? 'tel' : 'email'}
            placeholder={t(mobile ? 'personal.newMobilePlaceholder' : 'personal.newEmailPlaceholder')}
            value={contact.address}
            onChange={(event) => contact.setAddress(event.target.value)}
          />
        </label>
        <label>
          {t('personal.code')}
          <Space.Compact block>
            <Input
              data-testid="contact-code"
              inputMode="numeric"
              maxLength={6}
              placeholder={t('personal.codePlaceholder')}
              value={contact.code}
              onChange={(event) => contact.setCode(event.target.value)}
            />
            <Button
              data-testid="contact-send"
              loading={contact.busy === 'sending'}
              disabled={contact.resendIn > 0}
              onClick={() => void contact.send()}
            >
              {contact.resendIn > 0
                ? t('personal.resendIn', { seconds: contact.resendIn })
                : t('personal.sendCode')}
            </Button>
          </Space.Compact>
        </label>
        {contact.sentTo && !contact.problem && (
          <Alert
            type="success"
            showIcon
            data-testid="contact-sent"
            title={t('personal.codeSent', { address: contact.sentTo })}
          />
        )}
        {contact.problem && (
          <Alert
            type="error"
            showIcon
            data-testid="contact-error"
            title={t(contact.problem.key, contact.problem.params)}
          />
        )}
      </div>
    </Modal>
  );
}
