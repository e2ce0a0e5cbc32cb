import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../core/config';
import type { CodeSenders } from '../integrations/code-senders';
import type { Database } from '../db/tables';
import type { OutboundGuard } from '../security/outbound-guard';

/**
 * What every route module is registered with: the database, config, the clock, and the guard of every
 * outbound address an administrator or organisation sets. No repositories: a route reaches the database
 * only through a service.
 */
export interface RouteDeps {
  db: Kysely<Database>;
  config: AppConfig;
  now: () => number;
  outbound: OutboundGuard;
}

/** What a route module that sends verification codes (SMS, email) is registered with: every route's, and the senders. */
export interface CodeSendingRouteDeps extends RouteDeps {
  senders: CodeSenders;
}

/**
 * What a code-sending service calls when a code it sent in the background did not arrive: logged, as the
 * code stands and the person can ask for another.
 */
export const logCodeDeliveryFailure = (log: FastifyBaseLogger) => (error: unknown, channel: string) =>
  log.error({ err: error, channel }, 'a verification code could not be delivered');
