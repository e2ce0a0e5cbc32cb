import type { AppConfig } from '../core/config';
import { createSmsWebhookSender } from './sms-webhook-sender';
import { createSmtpSender } from './smtp-sender';
import type { CodeMessage, CodeSender } from './code-sender';

export type { CodeChannel, CodeMessage, CodeSender, CodeTemplate } from './code-sender';

/** The senders of this deployment: a channel without one cannot be used to send codes. */
export interface CodeSenders {
  sms: CodeSender | null;
  email: CodeSender | null;
  /** Neither SMTP nor SMS is configured: codes of both channels are printed to the server's output. */
  devOutbox: boolean;
  close(): Promise<void>;
}

/**
 * The line the development outbox prints per code, or per notice (a message without a code, named by its
 * template with its values); scripts and the browser tests read it.
 */
export function devOutboxLine(
  message: Pick<CodeMessage, 'code' | 'recipient'> & Partial<Pick<CodeMessage, 'template' | 'params'>>,
): string {
  if (message.code || !message.template) return `dev outbox: code ${message.code} for ${message.recipient}`;
  const values = Object.entries(message.params ?? {}).map(([name, value]) => `${name}=${value}`);
  return `dev outbox: ${message.template} to ${message.recipient} ${values.join(' ')}`.trimEnd();
}

/**
 * A sender for development machines with no mail server or SMS provider: it prints each code to the
 * server's output, one line per message. It is used only when neither SMTP_URL nor SMS_WEBHOOK_URL is set,
 * and the start-up banner says so.
 */
export function createDevOutboxSender(print: (line: string) => void): CodeSender {
  return {
    async send(message) {
      print(devOutboxLine(message));
    },
    async close() {},
  };
}

/**
 * Chooses the senders from the configuration: email over SMTP when SMTP_URL is set, SMS through the
 * webhook when SMS_WEBHOOK_URL is set; with neither, both channels go to the development outbox (`print`).
 * With only one of them set, the other channel is unavailable rather than printed, so a production
 * deployment never writes codes to its logs.
 */
export function createCodeSenders(
  delivery: AppConfig['codeDelivery'],
  print: (line: string) => void,
): CodeSenders {
  if (!delivery.smtpUrl && !delivery.smsWebhookUrl) {
    const outbox = createDevOutboxSender(print);
    return { sms: outbox, email: outbox, devOutbox: true, close: async () => {} };
  }
  const email = delivery.smtpUrl ? createSmtpSender(delivery.smtpUrl, delivery.mailFrom) : null;
  const sms = delivery.smsWebhookUrl ? createSmsWebhookSender(delivery.smsWebhookUrl) : null;
  return {
    sms,
    email,
    devOutbox: false,
    async close() {
      await Promise.all([email?.close(), sms?.close()]);
    },
  };
}

/** How the start-up banner describes where codes go, without credentials. */
export function describeCodeDelivery(delivery: AppConfig['codeDelivery']): string {
  if (!delivery.smtpUrl && !delivery.smsWebhookUrl) {
    return (
      'Verification codes: development outbox (no SMTP_URL or SMS_WEBHOOK_URL set), ' +
      'printed here as "dev outbox: code <code> for <recipient>"'
    );
  }
  const parts = [];
  if (delivery.smtpUrl) {
    const url = new URL(delivery.smtpUrl);
    parts.push(`email over SMTP ${url.hostname}${url.port ? `:${url.port}` : ''}`);
  } else parts.push('no email (SMTP_URL not set)');
  if (delivery.smsWebhookUrl) parts.push(`SMS through ${new URL(delivery.smsWebhookUrl).origin}`);
  else parts.push('no SMS (SMS_WEBHOOK_URL not set)');
  return `Verification codes: ${parts.join(', ')}`;
}
