import { Alert, Button, type ButtonProps, Input, Modal, Radio, Space, Typography } from 'antd';
import { useT } from '../../../i18n/use-t';
import type { useContactChange } from '../../../pages/personal/use-contact-change';
import { ProblemAlert } from '../dialogs/problem-alert';

type Contact = ReturnType<typeof useContactChange>;

/** The first step: the current password, or a code sent to a current address of an account without one. */
function ProveStep({ contact }: { contact: Contact }) {
  const { t } = useT();
  const proof = contact.proof;
  if (!proof.options) return null;
  if (proof.options.Method === 'password') {
    return (
      <>
        <Typography.Paragraph type="secondary">{t('personal.provePasswordHint')}</Typography.Paragraph>
        <label>
          {t('personal.currentPassword')}
          <Input.Password
            data-testid="proof-password"
            autoComplete="current-password"
            placeholder={t('personal.currentPasswordPlaceholder')}
            value={proof.password}
            onChange={(event) => proof.setPassword(event.target.value)}
            onPressEnter={() => void contact.confirm()}
          />
        </label>
      </>
    );
  }
  if (proof.options.Addresses.length === 0) {
    return <Alert type="warning" showIcon title={t('personal.noProofAddress')} />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{t('personal.proveCodeHint')}</Typography.Paragraph>
      <div className="personal-dialog-field">
        {t('personal.sendTo')}
        <Radio.Group
          data-testid="proof-kind"
          value={proof.kind}
          onChange={(event) => proof.setKind(event.target.value)}
          options={proof.options.Addresses.map((address) => ({
            value: address.Kind,
            label: address.Address,
          }))}
        />
      </div>
      <label>
        {t('personal.code')}
        <Space.Compact block>
          <Input
            data-testid="proof-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={t('personal.codePlaceholder')}
            value={proof.code}
            onChange={(event) => proof.setCode(event.target.value)}
          />
          <Button
            data-testid="proof-send"
            loading={proof.busy === 'sending'}
            disabled={proof.resendIn > 0}
            onClick={() => void proof.send()}
          >
            {proof.resendIn > 0
              ? t('personal.resendIn', { seconds: proof.resendIn })
              : t('personal.sendCode')}
          </Button>
        </Space.Compact>
      </label>
      {proof.sentTo && !proof.problem && (
        <Alert type="success" showIcon title={t('personal.codeSent', { address: proof.sentTo })} />
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
    </>
  );
}

/**
 * The dialog that changes the mobile number or email: the owner proves themself first (current password,
 * or a code to a current address), then the new address, the code sent to it, confirm.
 */
export function ContactDialog({ contact }: { contact: Contact }) {
  const { t } = useT();
  const mobile = contact.kind === 'mobile';
  const proving = contact.step === 'prove';
  return (
    <Modal
      open={contact.kind !== null}
      title={t(proving ? 'personal.proveTitle' : mobile ? 'personal.changeMobile' : 'personal.changeEmail')}
      okText={t(proving ? 'personal.next' : 'personal.confirm')}
      cancelText={t('personal.cancel')}
      confirmLoading={contact.busy === 'confirming'}
      onOk={() => void contact.confirm()}
      onCancel={contact.close}
      okButtonProps={
        {
          'data-testid': proving ? 'proof-next' : 'contact-confirm',
          disabled: proving && contact.proof.busy === 'loading',
        } as ButtonProps
      }
      destroyOnHidden
    >
      <div className="personal-dialog" data-testid={`contact-step-${contact.step}`}>
        {proving ? <ProveStep contact={contact} /> : <ChangeStep contact={contact} />}
        <ProblemAlert problem={contact.problem} data-testid="contact-error" />
      </div>
    </Modal>
  );
}
