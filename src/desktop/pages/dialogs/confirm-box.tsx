import { Alert, type ButtonProps, Modal } from 'antd';
import type { ReactNode } from 'react';
import type { DialogOutcome } from '../../../pages/dialogs/dialog-outcome';
import { useConfirmState } from '../../../pages/dialogs/use-confirm-state';
import { useDebouncedAction } from '../../../pages/dialogs/use-debounced-action';
import { useT } from '../../../i18n/use-t';

/** What a confirm box asks and does. */
export interface ConfirmBoxProps {
  open: boolean;
  title: ReactNode;
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
 * The reusable confirm box (SPEC §2) on desktop: cancel and confirm; confirm loads while its action runs,
 * a refusal shows in the box (to retry or cancel), done closes it.
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
  const confirm = useDebouncedAction(() => void state.confirm(onConfirm, onClose));
  const cancel = () => {
    if (state.busy) return;
    state.reset();
    onClose();
  };
  const okProps: ButtonProps & { 'data-testid': string } = {
    danger,
    'data-testid': testId ? `${testId}-confirm` : 'confirm-box-confirm',
  };
  return (
    <Modal
      open={open}
      title={title}
      width={420}
      mask={{ closable: !state.busy }}
      closable={!state.busy}
      onCancel={cancel}
      onOk={confirm}
      afterClose={state.reset}
      confirmLoading={state.busy}
      okText={confirmText ?? t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={okProps}
      cancelButtonProps={{ disabled: state.busy }}
    >
      <div className="confirm-box-body" data-testid={testId}>
        {content}
        {state.error && (
          <Alert
            style={{ marginTop: content ? 12 : 0 }}
            type="error"
            showIcon
            role="alert"
            title={t(state.error.key, state.error.params)}
          />
        )}
      </div>
    </Modal>
  );
}
