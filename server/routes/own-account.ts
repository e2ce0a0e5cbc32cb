import type { RequestSession } from '../plugins/session';

// What the routes that change the caller's own account (personal info, and the proof of the owner its
// address changes need) share.

/** The menu code of Personal centre > Personal info (SPEC §2): hidden, its routes answer 403. */
export const PERSONAL_INFO_PAGE = 'person';

/** Failures of a signed change: bad input, signed out, refused, not found, replayed, too large, bad type, too many. */
export const OWN_CHANGE_FAILURES = [400, 401, 403, 404, 409, 413, 415, 429, 500] as const;

/** The signed-in member acting on their own account, and the session they act in. */
export const ownAccountOf = (session: RequestSession) => ({
  orgId: session.orgId,
  accountId: session.accountId,
  sessionId: session.id,
  lang: session.account.lang,
});
