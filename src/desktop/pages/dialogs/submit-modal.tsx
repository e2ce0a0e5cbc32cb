import { Alert, Button, Modal } from 'antd';
import { type SubmitModalProps, useSubmitModalActions } from '../../../pages/dialogs/use-dialog-actions';
import { useT } from '../../../i18n/use-t';

/**
 * The reusable submit modal (SPEC §2, timings §4) on desktop: submit, submitting (loading), submitted;
 * a failure's message shows in the modal. Cancel is off while submitting and once submitted.
 */
export function SubmitModal({
  open,
  title,
  children,
  onSubmit,
  onClose,
  submitText,
  testId,
}: SubmitModalProps) {
  const { t } = useT();
  const { state, submit, cancel, settled } = useSubmitModalActions({ onSubmit, onClose });
  const label =
    state.phase === 'submitting'
      ? t('common.submitting')
      : state.phase === 'success'
        ? t('common.submitted')
        : (submitText ?? t('common.submit'));

  return (
    <Modal
      open={open}
      title={title}
      onCancel={cancel}
      mask={{ closable: false }}
      closable={!settled}
      footer={[
        <Button key="cancel" onClick={cancel} disabled={settled}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          data-testid={testId ? `${testId}-submit` : 'submit-modal-submit'}
          loading={state.phase === 'submitting'}
          // 'Submitted' stays primary (clicks are ignored until the modal is idle again).
          disabled={state.phase === 'error'}
          onClick={() => void submit()}
        >
          {label}
        </Button>,
      ]}
    >
      <div className="submit-modal-body" data-testid={testId} data-phase={state.phase}>
        {children}
        {state.error && (
          <Alert type="error" showIcon role="alert" title={t(state.error.key, state.error.params)} />
        )}
      </div>
    </Modal>
  );
}
