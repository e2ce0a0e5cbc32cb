/** PostgreSQL's SQLSTATEs for a server going away or refusing connections (class 08 and 57P0x). */
const UNAVAILABLE_STATES = /^(08\d{3}|57P0[1-4])$/;
/** The socket-level failures of reaching the database server. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
/** What node-postgres throws when a connection drops mid-query or cannot be made in time. */
const DROPPED_CONNECTION =
  /Connection terminated|connection timeout|Client has encountered a connection error/i;

/**
 * Whether `error` says the database cannot be reached right now (down, restarting, failing over) rather
 * than that a query was wrong: the request answers 503 and the instance recovers by itself once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth += 1) {
    if (typeof cause !== 'object') return false;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNREACHABLE_CODES.has(code)))
      return true;
    if (typeof message === 'string' && DROPPED_CONNECTION.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
