/** How a batch changes the picked members' licences: exactly these, these as well, or all but these. */
export type LicenceMode = 'set' | 'add' | 'remove';

/** Most members one authorisation batch may pick. */
export const AUTHORISE_BATCH_MAX = 100;

/** A member's product codes after a batch, in the order of `order` (the catalogue's display order). */
export function nextLicences(
  current: readonly string[],
  chosen: readonly string[],
  mode: LicenceMode,
  order: readonly string[],
): string[] {
  const next = new Set(mode === 'set' ? chosen : current);
  if (mode === 'add') chosen.forEach((code) => next.add(code));
  if (mode === 'remove') chosen.forEach((code) => next.delete(code));
  return order.filter((code) => next.has(code));
}

/** A licensed product's seats (null: no limit) and how many members hold it before a change. */
export interface SeatCount {
  code: string;
  seats: number | null;
  used: number;
}

/** The members picked by a batch: their licences before and after it. */
export interface LicenceChange {
  before: readonly string[];
  after: readonly string[];
}

/**
 * Seats used after a batch: each product's holders before, plus the picked members who gain it, minus
 * those who lose it. A member counts once per product whatever the batch says.
 */
export function seatsAfter(counts: readonly SeatCount[], changes: readonly LicenceChange[]): SeatCount[] {
  return counts.map((count) => {
    let used = count.used;
    for (const change of changes) {
      const had = change.before.includes(count.code);
      const has = change.after.includes(count.code);
      if (has && !had) used += 1;
      if (had && !has) used -= 1;
    }
    return { ...count, used };
  });
}

/**
 * The first product a batch would give to more members than it has seats, or null. A product already
 * over its seats (the operator lowered them) is refused only when the batch adds holders to it: taking
 * licences away, or leaving them as they are, is always allowed.
 */
export function seatOverflow(
  before: readonly SeatCount[],
  changes: readonly LicenceChange[],
): SeatCount | null {
  const after = seatsAfter(before, changes);
  for (const [index, count] of after.entries()) {
    if (count.seats === null) continue;
    if (count.used > count.seats && count.used > before[index].used) return count;
  }
  return null;
}
