import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import Selector from 'antd-mobile/es/components/selector';
import { useT } from '../../../i18n/use-t';
import type { useContactChange } from '../../../pages/personal/use-contact-change';

type Contact = ReturnType<typeof useContactChange>;

/** A send-code button with its 60 s countdown. */
function SendButton(props: { id: string; busy: boolean; resendIn: number; onSend: () => void }) {
  const { t } = useT();
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      data-testid={props.id}
      loading={props.busy}
      disabled={props.resendIn > 0}
      onClick={props.onSend}
    >
      {props.resendIn > 0 ? t('personal.resendIn', { seconds: props.resendIn }) : t('personal.sendCode')}
    </Button>
  );
}

/** The first step: the current password, or a code sent to a current address of an account without one. */
function ProveStep({ contact }: { contact: Contact }) {
  const { t } = useT();
  const proof = contact.proof;
  if (!proof.options) return null;
  if (proof.options.Method === 'password') {
    return (
      <>
        <p className="m-personal-hint">{t('personal.provePasswordHint')}</p>
        <List>
          <List.Item title={t('personal.currentPassword')}>
            <Input
              id="proof-password"
              type="password"
              autoComplete="current-password"
              placeholder={t('personal.currentPasswordPlaceholder')}
              value={proof.password}
              onChange={proof.setPassword}
            />
          </List.Item>
        </List>
      </>
    );
  }
  if (proof.options.Addresses.length === 0) {
    return <p className="m-personal-error">{t('personal.noProofAddress')}</p>;
  }
  return (
    <>
      <p className="m-personal-hint">{t('personal.proveCodeHint')}</p>
      <List>
        <List.Item title={t('personal.sendTo')}>
          <Selector
            data-testid="proof-kind"
            columns={1}
            value={proof.kind ? [proof.kind] : []}
            onChange={(picked) => picked[0] && proof.setKind(picked[0])}
            options={proof.options.Addresses.map((address) => ({
              value: address.Kind,
              label: address.Address,
            }))}
          />
        </List.Item>
        <List.Item
          title={t('personal.code')}
          extra={
            <SendButton
              id="proof-send"
              busy={proof.busy === 'sending'}
              resendIn={proof.resendIn}
              onSend={() => void proof.send()}
            />
          }
        >
          <Input
            id="proof-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={t('personal.codePlaceholder')}
            value={proof.code}
            onChange={proof.setCode}
          />
        </List.Item>
      </List>
      {proof.sentTo && !proof.problem && (
        <p className="m-personal-note">{t('personal.codeSent', { address: proof.sentTo })}</p>
      )}
    </>
  );
}

/** The second step: the new address and the code sent to it. */
function ChangeStep({ contact }: { contact: Contact }) {
  const { t } = useT();
  const mobile = contact.kind === 'mobile';
  return (
    <>
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
            <SendButton
              id="contact-send"
              busy={contact.busy === 'sending'}
              resendIn={contact.resendIn}
              onSend={() => void contact.send()}
            />
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
    </>
  );
}

/**
 * The sheet that changes the mobile number or email on a phone: the owner proves themself first (current
 * password, or a code to a current address), then the new address, the code sent to it, confirm.
 */
export function ContactPopup({ contact, onConfirm }: { contact: Contact; onConfirm: () => void }) {
  const { t } = useT();
  const mobile = contact.kind === 'mobile';
  const proving = contact.step === 'prove';
  return (
    <Popup
      visible={contact.kind !== null}
      onMaskClick={contact.close}
      bodyClassName="m-personal-popup"
      destroyOnClose
    >
      <h3 className="m-personal-popup-title">
        {t(proving ? 'personal.proveTitle' : mobile ? 'personal.changeMobile' : 'personal.changeEmail')}
      </h3>
      <div data-testid={`contact-step-${contact.step}`}>
        {proving ? <ProveStep contact={contact} /> : <ChangeStep contact={contact} />}
      </div>
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
          data-testid={proving ? 'proof-next' : 'contact-confirm'}
          loading={contact.busy === 'confirming'}
          disabled={proving && contact.proof.busy === 'loading'}
          onClick={onConfirm}
        >
          {t(proving ? 'personal.next' : 'personal.confirm')}
        </Button>
      </div>
    </Popup>
  );
}
