import type { Kysely } from 'kysely';

/**
 * What one filter of one organisation's member list finds, at one `organizations.members_version`: how many
 * members, their ids in the list's order (by id) when there are at most MAX_IDS_PER_FILTER of them (else
 * only the total), and the values its statements bind (a short keyword's expansion, see member-search.ts).
 */
export interface MemberListMatches<Values> {
  total: number;
  ids: number[] | null;
  values: Values;
}

/** A filter finding more members than this is kept as a total only (its pages are read from the index). */
export const MAX_IDS_PER_FILTER = 20_000;
/** How many ids an instance keeps at most, over every filter (about 8 MB). */
const MAX_IDS = 1_000_000;
/** How many filters an instance keeps at most. */
const MAX_FILTERS = 5_000;

interface Entry<Values> {
  version: number;
  matches: Promise<MemberListMatches<Values>>;
  /** How many ids the entry holds, once known. */
  size: number;
}

/**
 * Kept per database (the handle's dialect adapter, shared by its transactions): tests and tools open several
 * databases in one process, where the same organisation id and version mean different members.
 */
const perDatabase = new WeakMap<object, { entries: Map<string, Entry<unknown>>; held: number }>();

/**
 * The member list's matches per organisation and filter, reused while the organisation's members_version
 * (migration 0048, moved by triggers on any instance) is the one read before they were. Read after the
 * version, the matches are at least as new as it, so a change is never missed: at worst a filter is read
 * once more. Turning pages, or several administrators paging the same search, then read only the page's
 * rows by key instead of counting every match (a short keyword's thousands of matches) on every page.
 * The monomer library keeps its searches here too (keys `monomers:…`, checked against monomers_version).
 */
export function memberListCache(db: Kysely<unknown>) {
  const adapter = db.getExecutor().adapter;
  let store = perDatabase.get(adapter);
  if (!store) perDatabase.set(adapter, (store = { entries: new Map(), held: 0 }));
  const kept = store;
  const cached = kept.entries;

  const evict = () => {
    while (cached.size > MAX_FILTERS || kept.held > MAX_IDS) {
      const [oldest, entry] = cached.entries().next().value!;
      kept.held -= entry.size;
      cached.delete(oldest);
    }
  };

  return {
    /** The matches of filter `key` at `version`: the kept ones, or `read()`'s (kept for the next call). */
    matches<Values>(
      key: string,
      version: number,
      read: () => Promise<MemberListMatches<Values>>,
    ): Promise<MemberListMatches<Values>> {
      const found = cached.get(key);
      if (found && found.version === version) {
        // Most recently used last: eviction takes the oldest first.
        cached.delete(key);
        cached.set(key, found);
        return found.matches as Promise<MemberListMatches<Values>>;
      }
      if (found) {
        kept.held -= found.size;
        cached.delete(key);
      }
      const matches = read();
      const entry: Entry<unknown> = { version, matches, size: 0 };
      cached.set(key, entry);
      matches.then(
        (result) => {
          if (cached.get(key) !== entry) return;
          entry.size = result.ids?.length ?? 0;
          kept.held += entry.size;
          evict();
        },
        // A failed read is not kept.
        () => {
          if (cached.get(key) === entry) cached.delete(key);
        },
      );
      evict();
      return matches;
    },
  };
}
