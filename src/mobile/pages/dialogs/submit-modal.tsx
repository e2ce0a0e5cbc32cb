import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactNode } from 'react';
import type { DialogOutcome } from '../../../pages/dialogs/dialog-outcome';
import { useDebouncedAction } from '../../../pages/dialogs/use-debounced-action';
import { useSubmitState } from '../../../pages/dialogs/use-submit-state';
import { useT } from '../../../i18n/use-t';
import { DialogErrorText } from './dialog-error';

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
 * The reusable submit modal (SPEC §2, timings §4) on a phone, as an antd-mobile Dialog: submit, submitting
 * (the button loads), submitted; a failure's message shows in the dialog.
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
  const submit = useDebouncedAction(() => state.submit(onSubmit));
  const settled = state.phase === 'submitting' || state.phase === 'success';
  const cancel = () => {
    if (settled) return;
    state.reset();
    onClose();
  };
  const label = state.phase === 'success' ? t('common.submitted') : (submitText ?? t('common.submit'));

  return (
    <Dialog
      visible={open}
      title={title}
      onClose={cancel}
      content={
        <div data-testid={testId} data-phase={state.phase}>
          {children}
          <DialogErrorText error={state.error} />
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), disabled: settled, onClick: cancel },
          {
            key: 'submit',
            text: label,
            bold: true,
            className: 'm-dialog-submit',
            // 'Submitted' stays bold (clicks are ignored until the dialog is idle again).
            disabled: state.phase === 'error',
            // Returning the run keeps the button loading until it settles.
            onClick: async () => void (await submit()),
          },
        ],
      ]}
    />
  );
}
