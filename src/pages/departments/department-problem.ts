import type { ErrorKey, MessageParams } from '../../../domain/i18n';
import { ApiError } from '../../adapters/api-client';

/** A refusal to show: the server's (or the same local check's) error key and its values. */
export interface Problem {
  key: ErrorKey;
  params?: MessageParams;
}

/** The problem a failed call stands for; anything but an API refusal is the generic failure. */
export function problemOf(error: unknown): Problem {
  return error instanceof ApiError
    ? { key: error.key, params: error.params }
    : { key: 'errors.request.internal' };
}
