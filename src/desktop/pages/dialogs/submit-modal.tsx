import { Alert, Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import type { DialogOutcome } from '../../../pages/dialogs/dialog-outcome';
import { useDebouncedAction } from '../../../pages/dialogs/use-debounced-action';
import { useSubmitState } from '../../../pages/dialogs/use-submit-state';
import { useT } from '../../../i18n/use-t';

/** What a submit modal shows and does. */
export interface SubmitModalProps {
  open: boolean;
  title: ReactNode;
  /** The form or the question being submitted. */
  children?: ReactNode;
  /** Runs on submit; see DialogOutcome for what it may answer. */
  onSubmit: () => DialogOutcome | Promise<DialogOutcome>;
  /** Cancelled, or closed once 'submitted' has been shown. */
  onClose: () => void;
  submitText?: string;
  testId?: string;
}

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
  const state = useSubmitState(onClose);
  const submit = useDebouncedAction(() => void state.submit(onSubmit));
  const cancel = () => {
    if (state.phase === 'submitting' || state.phase === 'success') return;
    state.reset();
    onClose();
  };
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
      closable={state.phase !== 'submitting' && state.phase !== 'success'}
      footer={[
        <Button
          key="cancel"
          onClick={cancel}
          disabled={state.phase === 'submitting' || state.phase === 'success'}
        >
          {t('common.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          data-testid={testId ? `${testId}-submit` : 'submit-modal-submit'}
          loading={state.phase === 'submitting'}
          // 'Submitted' stays primary (clicks are ignored until the modal is idle again).
          disabled={state.phase === 'error'}
          onClick={submit}
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
