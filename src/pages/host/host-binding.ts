import { bindHost } from '../../adapters/host-sign-in-api';
import { clearHostBindTicket, type PendingHostBinding } from '../../adapters/host-storage';

/**
 * Links a chat host's identity that matched no account (its bind ticket) to the account that has just
 * signed in with its password, so the host signs this person in by itself next time. The ticket is used
 * once whatever the answer; a refusal (expired ticket, identity already linked) is toasted by the API
 * client and does not stop the sign-in. Resolves whether the link was made.
 */
export async function linkHostIdentity(pending: PendingHostBinding): Promise<boolean> {
  try {
    await bindHost(pending.bindTicket);
    return true;
  } catch {
    return false;
  } finally {
    clearHostBindTicket();
  }
}
