import { FAILURE_WINDOW_MS, FORCED_LOGOUT_MS, HOUR_MS, MINUTE_MS } from '../../domain/constants';
import type { Repositories } from '../repositories';
import { EXPIRED_TOKEN_MEMORY_MS } from './app-credential-service';
import { OPEN_CALL_RETENTION_MS } from './open-call-worker';
import type { ScheduledJob } from './scheduled-jobs';

/**
 * The background housekeeping every instance offers to the scheduler: expired codes, nonces, captchas,
 * counters and long-dead sessions, and devices unseen for months, once a minute; the interface log, hourly.
 */
export function housekeepingJobs(repos: Repositories): ScheduledJob[] {
  return [
    {
      name: 'prune-expired',
      everyMs: MINUTE_MS,
      async run(at) {
        await Promise.all([
          repos.nonces.purgeExpired(at),
          repos.sessions.purgeOlderThan(at - FORCED_LOGOUT_MS - MINUTE_MS),
          repos.authFailures.purgeExpired(at, FAILURE_WINDOW_MS),
          repos.captchas.purgeExpired(at),
          repos.verificationCodes.purgeExpired(at),
          repos.resetTokens.purgeExpired(at),
          repos.sendCounters.purgeExpired(at),
          repos.secondaryVerification.purgeExpired(at),
          repos.hostTickets.purgeExpired(at),
          repos.identifierProofs.purgeExpired(at),
          repos.appCredentials.purgeTokensExpiredBefore(at - EXPIRED_TOKEN_MEMORY_MS),
          repos.sso.purgeExpired(at, at - FORCED_LOGOUT_MS - MINUTE_MS),
        ]);
      },
    },
    {
      // SPEC §9: the interface log keeps 3 months.
      name: 'purge-interface-log',
      everyMs: HOUR_MS,
      async run(at) {
        await repos.openCalls.purgeBefore(at - OPEN_CALL_RETENTION_MS);
      },
    },
  ];
}
