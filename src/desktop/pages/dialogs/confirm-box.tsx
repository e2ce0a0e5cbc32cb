import { type ButtonProps, Modal } from 'antd';
import { type ConfirmBoxProps, useConfirmBoxActions } from '../../../pages/dialogs/use-dialog-actions';
import { useT } from '../../../i18n/use-t';
import { ProblemAlert } from './problem-alert';

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
  const { state, confirm, cancel } = useConfirmBoxActions({ onConfirm, onClose });
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
      onOk={() => void confirm()}
      afterClose={state.reset}
      confirmLoading={state.busy}
      okText={confirmText ?? t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={okProps}
      cancelButtonProps={{ disabled: state.busy }}
    >
      <div className="confirm-box-body" data-testid={testId}>
        {content}
        <ProblemAlert problem={state.error} style={{ marginTop: content ? 12 : 0 }} role="alert" />
      </div>
    </Modal>
  );
}
