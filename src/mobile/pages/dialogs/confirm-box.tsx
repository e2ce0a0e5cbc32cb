import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactNode } from 'react';
import type { DialogOutcome } from '../../../pages/dialogs/dialog-outcome';
import { useConfirmState } from '../../../pages/dialogs/use-confirm-state';
import { useDebouncedAction } from '../../../pages/dialogs/use-debounced-action';
import { useT } from '../../../i18n/use-t';
import { DialogErrorText } from './dialog-error';

/** What a confirm box asks and does. */
export interface ConfirmBoxProps {
  open: boolean;
  title?: ReactNode;
  content?: ReactNode;
  /** The confirm button in red, for removals and revocations. */
  danger?: boolean;
  confirmText?: string;
  /** Runs on confirm; see DialogOutcome for what it may answer. Done closes the box. */
  onConfirm: () => DialogOutcome | Promise<DialogOutcome>;
  /** Cancelled, or the action was done. */
  onClose: () => void;
  testId?: string;
}

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
  const state = useConfirmState();
  const confirm = useDebouncedAction(() => state.confirm(onConfirm, onClose));
  const cancel = () => {
    if (state.busy) return;
    state.reset();
    onClose();
  };
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
