import Dialog from 'antd-mobile/es/components/dialog';
import { type ConfirmBoxProps, useConfirmBoxActions } from '../../../pages/dialogs/use-dialog-actions';
import { useT } from '../../../i18n/use-t';
import { DialogErrorText } from './dialog-error';

/**
 * The reusable confirm box (SPEC §2) on a phone, as an antd-mobile Dialog: cancel and confirm; confirm
 * loads while its action runs, a refusal shows in the box (to retry or cancel), done closes it.
 */
export function ConfirmBox({
  open,
  title,
  content,
  danger,
  confirmText,
  onConfirm,
  onClose,
  testId,
}: ConfirmBoxProps) {
  const { t } = useT();
  const { state, confirm, cancel } = useConfirmBoxActions({ onConfirm, onClose });
  return (
    <Dialog
      visible={open}
      title={title}
      onClose={cancel}
      afterClose={state.reset}
      content={
        <div data-testid={testId}>
          {content}
          <DialogErrorText error={state.error} />
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), disabled: state.busy, onClick: cancel },
          {
            key: 'confirm',
            text: confirmText ?? t('common.confirm'),
            bold: true,
            danger,
            className: 'm-dialog-confirm',
            // Returning the run keeps the button loading until it settles.
            onClick: async () => void (await confirm()),
          },
        ],
      ]}
    />
  );
}
