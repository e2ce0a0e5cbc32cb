import type { ErrorKey } from '../../../domain/i18n';
import { ApiError } from '../../adapters/api-client';

/** What a change answers the view: done, or the error key (with its params) to show in words. */
export type ActionResult =
  { ok: true } | { ok: false; key: ErrorKey; params?: Record<string, string | number> };

/** Runs a change and turns a refusal into its error key; anything else reads as 'submission failed'. */
export async function attempt(call: () => Promise<unknown>): Promise<ActionResult> {
  try {
    await call();
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, key: error.key, params: error.params };
    return { ok: false, key: 'errors.request.internal' };
  }
}
