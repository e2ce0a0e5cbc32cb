import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import { useT } from '../../../i18n/use-t';
import type { useContactChange } from '../../../pages/personal/use-contact-change';

/** The sheet that changes the mobile number or email on a phone: new address, code sent to it, confirm. */
export function ContactPopup({
  contact,
  onConfirm,
}: {
  contact: ReturnType<typeof useContactChange>;
  onConfirm: () => void;
}) {
  const { t } = useT();
  const mobile = contact.kind === 'mobile';
  return (
    <Popup
      visible={contact.kind !== null}
      onMaskClick={contact.close}
      bodyClassName="m-personal-popup"
      destroyOnClose
    >
      <h3 className="m-personal-popup-title">
        {t(mobile ? 'personal.changeMobile' : 'personal.changeEmail')}
      </h3>
      <List>
        <List.Item title={t(mobile ? 'personal.newMobile' : 'personal.newEmail')}>
          <Input
            id="contact-address"
            type={mobile ? 'tel' : 'email'}
            placeholder={t(mobile ? 'personal.newMobilePlaceholder' : 'personal.newEmailPlaceholder')}
            value={contact.address}
            onChange={contact.setAddress}
          />
        </List.Item>
        <List.Item
          title={t('personal.code')}
          extra={
            <Button
              size="small"
              color="primary"
              fill="outline"
              data-testid="contact-send"
              loading={contact.busy === 'sending'}
              disabled={contact.resendIn > 0}
              onClick={() => void contact.send()}
            >
              {contact.resendIn > 0
                ? t('personal.resendIn', { seconds: contact.resendIn })
                : t('personal.sendCode')}
            </Button>
          }
        >
          <Input
            id="contact-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={t('personal.codePlaceholder')}
            value={contact.code}
            onChange={contact.setCode}
          />
        </List.Item>
      </List>
      {contact.sentTo && !contact.problem && (
        <p className="m-personal-note" data-testid="contact-sent">
          {t('personal.codeSent', { address: contact.sentTo })}
        </p>
      )}
      {contact.problem && (
        <p className="m-personal-error" data-testid="contact-error">
          {t(contact.problem.key, contact.problem.params)}
        </p>
      )}
      <div className="m-personal-popup-actions">
        <Button block onClick={contact.close}>
          {t('personal.cancel')}
        </Button>
        <Button
          block
          color="primary"
          data-testid="contact-confirm"
          loading={contact.busy === 'confirming'}
          onClick={onConfirm}
        >
          {t('personal.confirm')}
        </Button>
      </div>
    </Popup>
  );
}
