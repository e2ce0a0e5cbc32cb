import type { ErrorKey } from '../../../domain/i18n';
import { ApiError } from '../../adapters/api-client';

/**
 * What a dialog's action may answer: nothing or true (done), false (refused, and the refusal was already
 * shown, e.g. toasted by the API client), or an action result carrying the refusal's error key.
 * A thrown ApiError counts as its key; anything else thrown as 'submission failed'.
 */
export type DialogOutcome =
  void | boolean | { ok: boolean; key?: ErrorKey | null; params?: Record<string, string | number> };

/** A refusal to show in the dialog: its error key and parameters, or null when it was shown elsewhere. */
export interface DialogError {
  key: ErrorKey;
  params?: Record<string, string | number>;
}

/** A settled action: done, or failed with the error to show (null: nothing more to show). */
export type SettledOutcome = { ok: true } | { ok: false; error: DialogError | null };

/** Runs a dialog's action and reads its answer, thrown or returned, as done or failed. */
export async function settleOutcome(
  action: () => DialogOutcome | Promise<DialogOutcome>,
): Promise<SettledOutcome> {
  try {
    const outcome = await action();
    if (outcome === undefined || outcome === true) return { ok: true };
    if (outcome === false) return { ok: false, error: null };
    if (outcome.ok) return { ok: true };
    return { ok: false, error: { key: outcome.key ?? 'errors.request.internal', params: outcome.params } };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: { key: error.key, params: error.params } };
    return { ok: false, error: { key: 'errors.request.internal' } };
  }
}
