import { SECOND_MS } from '../../domain/constants';
import type { CodeSender } from './code-sender';

/** How long the SMS provider may take to accept a message. */
const WEBHOOK_TIMEOUT_MS = 10 * SECOND_MS;

/**
 * Sends codes by SMS through the deployment's provider, reached with one JSON POST per message to
 * SMS_WEBHOOK_URL: `{ recipient, template, code }`, and `params` for a notice that names values besides
 * the code (identifier-changed). The provider maps the template name to its own (signed, approved) text;
 * any 2xx answer is success.
 */
export function createSmsWebhookSender(webhookUrl: string): CodeSender {
  return {
    async send(message) {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient: message.recipient,
          template: message.template,
          code: message.code,
          ...(message.params ? { params: message.params } : {}),
        }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    },
    async close() {},
  };
}
