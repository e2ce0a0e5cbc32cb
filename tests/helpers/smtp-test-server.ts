import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the test SMTP server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent (headers and body). */
  raw: string;
}

/** A real SMTP server in this process, on a loopback port, with a login and without STARTTLS. */
export interface SmtpTestServer {
  /** `smtp://user:password@127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `recipient` received after `since` mails, waiting up to `timeoutMs`. */
  waitForMail(recipient: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** Holds every accepted mail this long before answering, like a slow mail server. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/**
 * The text of a single-part mail's body, decoded from the base64 or quoted-printable transfer encoding
 * nodemailer chose for it.
 */
export function mailBodyText(mail: ReceivedMail): string {
  const [headers, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const USER = 'portal';
const PASSWORD = 'smtp-test-password';

/** Starts the test SMTP server (smtp-server, the protocol for real; nodemailer talks to it over TCP). */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  let delayMs = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        mails.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        setTimeout(() => callback(), delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    mails,
    async waitForMail(recipient, since = 0, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.slice(since).find((m) => m.to.includes(recipient));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${recipient} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
