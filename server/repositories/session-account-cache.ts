import type { AccountRow } from '../db/tables';
import type { AccountWithOrganization } from './accounts-repository';

/** How many accounts an instance keeps cached at most (a few hundred bytes each). */
const ACCOUNT_CACHE_SIZE = 10_000;

export interface CachedAccount {
  row: AccountRow;
  version: number;
  /** The last copy joined with its organisation's and department's names, reused while they stay. */
  joined: AccountWithOrganization | null;
}

/**
 * The account rows of sessions this instance has served, each with the row_version it was read at. A
 * copy is used only while the database still says that version (read with the session, on every request),
 * so a change made anywhere is seen on the next request; the oldest entry goes first when it is full.
 */
export function createAccountCache() {
  const entries = new Map<number, CachedAccount>();
  return {
    get(accountId: number, version: number): CachedAccount | undefined {
      const entry = entries.get(accountId);
      return entry && entry.version === version ? entry : undefined;
    },
    put(row: AccountRow): CachedAccount {
      const id = Number(row.id);
      entries.delete(id);
      if (entries.size >= ACCOUNT_CACHE_SIZE) entries.delete(entries.keys().next().value!);
      // Shared by every request of the account until it changes: nobody may alter it.
      const entry: CachedAccount = {
        row: Object.freeze(row),
        version: Number(row.row_version),
        joined: null,
      };
      entries.set(id, entry);
      return entry;
    },
  };
}

/** The cached account with the names read with this session; the same object while nothing changed. */
export function withOrganization(
  cached: CachedAccount,
  orgName: string,
  deptName: string | null,
  trialExpiresAt: number | string | null,
): AccountWithOrganization {
  const joined = cached.joined;
  if (
    joined &&
    joined.org_name === orgName &&
    joined.dept_name === deptName &&
    joined.org_trial_expires_at === trialExpiresAt
  )
    return joined;
  const fresh = Object.freeze({
    ...cached.row,
    org_name: orgName,
    dept_name: deptName,
    org_trial_expires_at: trialExpiresAt,
  });
  cached.joined = fresh;
  return fresh;
}
