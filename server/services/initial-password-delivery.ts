import { HOUR_MS, knownLanguage, SECOND_MS } from '../../domain/constants';
import type { PasswordDelivery } from '../../domain/schemas/members';
import type { CodeSenders } from '../integrations/code-senders';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';

/** How many initial passwords an organisation may have sent an hour; past it they are shown instead. */
export const INITIAL_PASSWORD_SENDS_PER_HOUR = 200;

/** How long one mail or text message may take before the password is shown to the administrator. */
const SEND_TIMEOUT_MS = 10 * SECOND_MS;

/** A member whose generated initial password is to be delivered. */
export interface PasswordRecipient {
  mobile: string | null;
  email: string | null;
  lang: string;
}

/** What delivering initial passwords needs. */
export interface DeliveryDeps {
  db: Kysely<Database>;
  senders: CodeSenders;
  /** Logs a failed send (never the password). */
  onFailure?: (channel: 'email' | 'sms', error: unknown) => void;
}

/**
 * The way a member's initial password can reach them in this deployment: by mail to their email when
 * SMTP is configured, else by SMS to their mobile when the SMS webhook is; null when neither applies. The
 * development outbox is not a delivery: it would print the password to the server's output.
 */
export function deliveryChannel(
  senders: CodeSenders,
  member: PasswordRecipient,
): { channel: 'email' | 'sms'; to: string } | null {
  if (senders.devOutbox) return null;
  if (member.email && senders.email) return { channel: 'email', to: member.email };
  if (member.mobile && senders.sms) return { channel: 'sms', to: member.mobile };
  return null;
}

/**
 * Sends a generated initial password to the member (the 'initial-password' template, in the member's
 * language), waiting up to 10 s for the mail server or SMS provider. Answers where it went and whether it
 * was sent, or null when no channel is configured for the member: then, as when sending fails or the
 * organisation's hourly cap is reached, the administrator is shown the password once instead.
 */
export async function deliverInitialPassword(
  deps: DeliveryDeps,
  orgId: number,
  member: PasswordRecipient,
  password: string,
  now: number,
): Promise<PasswordDelivery | null> {
  const way = deliveryChannel(deps.senders, member);
  if (!way) return null;
  const delivery = { Channel: way.channel, To: way.to };
  const counted = await readRepositories(deps.db).sendCounters.increment(
    `initial-password:org:${orgId}`,
    now,
    HOUR_MS,
  );
  if (counted > INITIAL_PASSWORD_SENDS_PER_HOUR) return { ...delivery, Sent: false };
  const sender = deps.senders[way.channel]!;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sender.send({
        recipient: way.to,
        template: 'initial-password',
        code: password,
        language: knownLanguage(member.lang),
      }),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('send timed out')), SEND_TIMEOUT_MS);
      }),
    ]);
    return { ...delivery, Sent: true };
  } catch (error) {
    deps.onFailure?.(way.channel, error);
    return { ...delivery, Sent: false };
  } finally {
    clearTimeout(timer);
  }
}

/** What the administrator is answered for a generated initial password: the password only when it was not sent. */
export interface HandedOverPassword {
  Password: string | null;
  Delivery: PasswordDelivery | null;
}

/**
 * Decides how a generated initial password reaches its member: sent by mail or SMS where one is configured
 * for them (deliverInitialPassword), otherwise, or when sending fails, shown once to the administrator. A
 * password the administrator chose themselves (null here) is neither sent nor shown again.
 */
export async function handOverInitialPassword(
  deps: DeliveryDeps,
  orgId: number,
  recipient: PasswordRecipient,
  password: string | null,
  now: number,
): Promise<HandedOverPassword> {
  if (password === null) return { Password: null, Delivery: null };
  const delivery = await deliverInitialPassword(deps, orgId, recipient, password, now);
  return { Password: delivery?.Sent ? null : password, Delivery: delivery };
}

/**
 * handOverInitialPassword for the members of a batch reset, one after another (a reset picks at most
 * MEMBER_BATCH_MAX members), each answered with its id and account.
 */
export async function handOverInitialPasswords(
  deps: DeliveryDeps,
  orgId: number,
  members: readonly { id: number; account: string; recipient: PasswordRecipient; password: string | null }[],
  now: number,
): Promise<({ ID: number; Account: string } & HandedOverPassword)[]> {
  const items = [];
  for (const member of members) {
    const delivered = await handOverInitialPassword(deps, orgId, member.recipient, member.password, now);
    items.push({ ID: member.id, Account: member.account, ...delivered });
  }
  return items;
}
