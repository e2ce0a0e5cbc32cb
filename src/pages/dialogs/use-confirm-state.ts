import { useCallback, useRef, useState } from 'react';
import { type DialogError, type DialogOutcome, settleOutcome } from './dialog-outcome';

/**
 * A confirm box's logic: confirming runs the action with the confirm button loading; done closes the box
 * (`onDone`), a refusal stays in the box with its message so the user can try again or cancel. A second
 * confirm while one runs does nothing.
 */
export function useConfirmState() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DialogError | null>(null);
  const running = useRef(false);

  const confirm = useCallback(
    async (action: () => DialogOutcome | Promise<DialogOutcome>, onDone: () => void): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      setError(null);
      const outcome = await settleOutcome(action);
      running.current = false;
      setBusy(false);
      if (outcome.ok) onDone();
      else setError(outcome.error);
      return outcome.ok;
    },
    [],
  );

  /** Forgets the last refusal (the box was closed or opened again). */
  const reset = useCallback(() => setError(null), []);

  return { busy, error, confirm, reset };
}
