import type { ErrorKey, MessageParams } from '../../domain/i18n';

/** A failure with a meaningful HTTP status and a stable i18n key (DESIGN §4). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
    readonly params?: MessageParams,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

/** The refusal of a signed request whose nonce was already used: a replay (DESIGN §4). */
export const replayedRequest = (): ApiError => new ApiError(409, 'errors.request.replayed');
