import type { ErrorKey, MessageKey } from '../../../domain/i18n';
import type { MessagePushTestResult, PushResult } from '../../../domain/schemas/message-push';
import { ApiError } from '../../adapters/api-client';

/**
 * What a debug message came to: the platform's answer as a catalogue result (or the refusal's error key),
 * so it reads in whatever language the screen is in, the server's words as sent, and the platform's own.
 */
export interface DebugOutcome {
  ok: boolean;
  result: PushResult | null;
  errorKey: ErrorKey | null;
  errorParams?: Record<string, string | number>;
  message: string;
  detail: string;
}

/**
 * The words of a debug outcome in the current language: the platform's answer, the refusal's message, or
 * (for an answer this client has no words for) what the server said.
 */
export function outcomeWords(
  outcome: DebugOutcome,
  host: string,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
): string {
  if (outcome.result) return t(`messagePush.result.${outcome.result}`, { host });
  if (outcome.errorKey) return t(outcome.errorKey, outcome.errorParams);
  return outcome.message;
}

/** The outcome of a debug message the platform answered (it may still have refused it). */
export function answeredOutcome(answer: MessagePushTestResult): DebugOutcome {
  return {
    ok: answer.delivered,
    result: answer.result,
    errorKey: null,
    message: answer.message,
    detail: answer.detail,
  };
}

/** The outcome of a debug message the portal refused (switched off, not bound, too many) or lost. */
export function refusedOutcome(error: unknown): DebugOutcome {
  return {
    ok: false,
    result: null,
    errorKey: error instanceof ApiError ? error.key : null,
    errorParams: error instanceof ApiError ? error.params : undefined,
    message: error instanceof Error ? error.message : String(error),
    detail: '',
  };
}
