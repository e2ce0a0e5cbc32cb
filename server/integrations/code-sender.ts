import type { Language } from '../../domain/constants';

// One sender's contract, apart from the choice of senders in code-senders.ts, which imports the senders.

/** How a code travels: a text message to a mobile number or a mail to an email address. */
export type CodeChannel = 'sms' | 'email';

/** What a code is for; the SMS provider picks its template by this name. */
export type CodeTemplate =
  | 'reset-password'
  | 'sign-in-verification'
  | 'contact-change'
  /** A code to a CURRENT address, proving the owner before a sign-in address changes. */
  | 'identifier-proof'
  | 'trial-application'
  /** A generated initial password (in `code`) for a new member or a reset by an administrator. */
  | 'initial-password'
  /**
   * A notice without a code (`code` is empty): the account's sign-in mobile number or email was changed.
   * Sent to the address replaced (or, when one was added, to the account's other one), with `params`
   * `identifier` (`mobile` or `email`), `what` (its name in the recipient's language), `time` (UTC) and
   * `ip` (where the change came from).
   */
  | 'identifier-changed';

/** One verification code (or a notice) on its way to one recipient. */
export interface CodeMessage {
  recipient: string;
  template: CodeTemplate;
  code: string;
  /** The recipient's language, for the mail's subject and text. */
  language: Language;
  /** What a notice's text names besides the code (see the template); absent for a code. */
  params?: Record<string, string>;
}

/** Delivers codes over one channel. */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
  /** Closes connections it keeps (the SMTP pool). */
  close(): Promise<void>;
}
