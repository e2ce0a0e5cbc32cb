import Dialog from 'antd-mobile/es/components/dialog';
import { type SubmitModalProps, useSubmitModalActions } from '../../../pages/dialogs/use-dialog-actions';
import { useT } from '../../../i18n/use-t';
import { DialogErrorText } from './dialog-error';

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
  const { state, submit, cancel, settled } = useSubmitModalActions({ onSubmit, onClose });
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
