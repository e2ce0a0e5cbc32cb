import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import {
  SUBMIT_ERROR_RESET_MS,
  SUBMIT_ERROR_SHOWN_MS,
  SUBMIT_SUCCESS_RESET_MS,
  SUBMIT_SUCCESS_SHOWN_MS,
} from '../../../domain/constants';
import { type DialogError, type DialogOutcome, settleOutcome } from './dialog-outcome';
import { useTimers } from './use-timers';

/** The phase as of now (read through a call, so the type is not narrowed by the last assignment). */
const phaseNow = (ref: { current: SubmitPhase }) => ref.current;

/** Where a submit modal stands (SPEC §4): idle, submitting (loading), submitted, or just failed. */
export type SubmitPhase = 'idle' | 'submitting' | 'success' | 'error';

/**
 * The submit modal's state machine (SPEC §4, timings in domain/constants.ts). Idle goes to submitting
 * while the action runs. Success shows 'submitted' for 1.5 s, then `onDone` runs (the view closes the
 * modal) and 0.4 s later the state is idle again. A failure shows its message for 3 s; the submit button
 * is idle again after 1 s. A submit while not idle does nothing.
 */
export function useSubmitState(onDone?: () => void) {
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [error, setError] = useState<DialogError | null>(null);
  // The phase as of now, not of the last render: two clicks in one tick must not submit twice.
  const current = useRef<SubmitPhase>('idle');
  const done = useRef(onDone);
  useLayoutEffect(() => {
    done.current = onDone;
  });
  const timers = useTimers();

  const move = useCallback((next: SubmitPhase) => {
    current.current = next;
    setPhase(next);
  }, []);

  const submit = useCallback(
    async (action: () => DialogOutcome | Promise<DialogOutcome>): Promise<boolean> => {
      if (current.current !== 'idle') return false;
      timers.clear();
      setError(null);
      move('submitting');
      const outcome = await settleOutcome(action);
      // Reset (or unmounted) while it ran: the answer no longer belongs on screen.
      if (phaseNow(current) !== 'submitting') return outcome.ok;
      if (outcome.ok) {
        move('success');
        timers.after(SUBMIT_SUCCESS_SHOWN_MS, () => {
          done.current?.();
          timers.after(SUBMIT_SUCCESS_RESET_MS, () => move('idle'));
        });
        return true;
      }
      move('error');
      setError(outcome.error);
      timers.after(SUBMIT_ERROR_RESET_MS, () => move('idle'));
      timers.after(SUBMIT_ERROR_SHOWN_MS, () => setError(null));
      return false;
    },
    [move, timers],
  );

  /** Back to idle at once, forgetting any message (e.g. the modal was cancelled). */
  const reset = useCallback(() => {
    timers.clear();
    setError(null);
    move('idle');
  }, [move, timers]);

  return { phase, error, busy: phase !== 'idle', submit, reset };
}
