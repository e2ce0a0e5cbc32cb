import type { Transporter } from 'nodemailer';
import { translate } from '../core/translate';
import { CODE_TTL_MS, MINUTE_MS } from '../../domain/constants';
import type { CodeSender, CodeTemplate } from './code-sender';

/** The catalogue keys of each template's mail. */
const MAILS = {
  'reset-password': { subject: 'reset.mail.subject', body: 'reset.mail.body' },
  'sign-in-verification': {
    subject: 'secondaryVerification.mail.subject',
    body: 'secondaryVerification.mail.body',
  },
  'contact-change': { subject: 'personal.mail.subject', body: 'personal.mail.body' },
  'identifier-proof': { subject: 'personal.proofMail.subject', body: 'personal.proofMail.body' },
  'trial-application': { subject: 'trial.mail.subject', body: 'trial.mail.body' },
  'initial-password': { subject: 'members.mail.subject', body: 'members.mail.body' },
  'identifier-changed': { subject: 'personal.notice.subject', body: 'personal.notice.body' },
} as const satisfies Record<CodeTemplate, { subject: string; body: string }>;

/**
 * Sends code mails over SMTP with nodemailer (`smtp://user:pass@host:587`, or `smtps://` for TLS from the
 * first byte). The transport is made at the first mail, so a deployment that sends none never loads it.
 */
export function createSmtpSender(smtpUrl: string, from: string): CodeSender {
  let transport: Promise<Transporter> | null = null;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  return {
    async send(message) {
      const params = {
        ...message.params,
        code: message.code,
        minutes: CODE_TTL_MS / MINUTE_MS,
        recipient: message.recipient,
      };
      await (
        await connect()
      ).sendMail({
        from,
        to: message.recipient,
        subject: translate(message.language, MAILS[message.template].subject, params),
        text: translate(message.language, MAILS[message.template].body, params),
      });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
