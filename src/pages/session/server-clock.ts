import { apiClient } from '../../adapters/api-client';

/**
 * The server's time as this client best knows it (local time plus the offset measured at boot), for
 * comparing with times the server set, such as the session's forced logout.
 */
export function serverNow(): number {
  try {
    return Date.now() + apiClient().clockOffset();
  } catch {
    return Date.now(); // before boot has installed the API client, the local clock is all there is
  }
}
