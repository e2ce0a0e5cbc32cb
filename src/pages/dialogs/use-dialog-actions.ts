import type { ReactNode } from 'react';
import type { DialogOutcome } from './dialog-outcome';
import { useConfirmState } from './use-confirm-state';
import { useDebouncedAction } from './use-debounced-action';
import { useSubmitState } from './use-submit-state';

/** What a submit modal shows and does, on either shell. */
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

/** What a confirm box asks and does, on either shell. */
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
 * A submit modal's buttons (SPEC §2, timings §4): submit, debounced, runs `onSubmit` through the state
 * machine; cancel closes the modal unless it is submitting or showing 'submitted' (`settled`).
 */
export function useSubmitModalActions({ onSubmit, onClose }: Pick<SubmitModalProps, 'onSubmit' | 'onClose'>) {
  const state = useSubmitState(onClose);
  const submit = useDebouncedAction(() => state.submit(onSubmit));
  const settled = state.phase === 'submitting' || state.phase === 'success';
  const cancel = () => {
    if (settled) return;
    state.reset();
    onClose();
  };
  return { state, submit, cancel, settled };
}

/**
 * A confirm box's buttons (SPEC §2): confirm, debounced, runs `onConfirm` (done closes the box); cancel
 * closes it unless the action is running.
 */
export function useConfirmBoxActions({ onConfirm, onClose }: Pick<ConfirmBoxProps, 'onConfirm' | 'onClose'>) {
  const state = useConfirmState();
  const confirm = useDebouncedAction(() => state.confirm(onConfirm, onClose));
  const cancel = () => {
    if (state.busy) return;
    state.reset();
    onClose();
  };
  return { state, confirm, cancel };
}
