import type { InterfaceRow } from '../schemas/interface-monitor';

/** SPEC §3 sync statuses by number, as the status filter and the list name them (-1: all). */
export const INTERFACE_STATUS_NAMES = {
  [-1]: 'all',
  1: 'success',
  2: 'fail',
  0: 'queued',
  4: 'canceled',
} as const satisfies Record<number, string>;
export type InterfaceStatusName = (typeof INTERFACE_STATUS_NAMES)[keyof typeof INTERFACE_STATUS_NAMES];

/** The name of a sync status (an unknown number reads as fail: the call did not take effect). */
export function interfaceStatusName(status: number): InterfaceStatusName {
  return (INTERFACE_STATUS_NAMES as Record<number, InterfaceStatusName>)[status] ?? 'fail';
}

/**
 * Whether a call can still be withdrawn at `now` (SPEC §4): queued and its time to take effect not come yet.
 * Past that time the worker may be applying it, and the server refuses.
 */
export function canWithdraw(row: Pick<InterfaceRow, 'SyncStatus' | 'DueTime'>, now: number): boolean {
  return row.SyncStatus === 0 && row.DueTime !== null && row.DueTime > now;
}

/** A body as the detail shows it: JSON indented, anything else as it is. */
export function prettyBody(body: string): string {
  if (body === '') return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The open calls the interface log names (its `api` filter). */
export const INTERFACE_API_NAMES = [
  'members',
  'departments',
  'bind/thirdaccount',
  'detail/thirdaccount',
  'thirdaccount/0',
  'thirdaccount/1',
] as const;
