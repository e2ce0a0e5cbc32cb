import type { Kysely } from 'kysely';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';

/** The interface log's filter (Interface monitoring): a status, the calling platform, the api, a time span. */
export interface OpenCallFilter {
  status: number;
  platform?: string;
  api?: string;
  from?: number;
  to?: number;
}

/**
 * A page of an organisation's open calls, newest first, after `cursor` (the last row id of the page before),
 * and the next page's cursor, or null on the last page. One row more than the page is read to tell whether
 * another page follows: a last page that happens to be full must not offer a next one that is empty.
 */
export async function openCallPage(
  db: Kysely<Database>,
  orgId: number,
  filter: OpenCallFilter,
  cursor: number | undefined,
  pageSize: number,
) {
  const rows = await readRepositories(db).openCalls.page(orgId, filter, cursor, pageSize + 1);
  const page = rows.slice(0, pageSize);
  return { rows: page, nextCursor: rows.length > pageSize ? String(page[page.length - 1].id) : null };
}

/** One open call of the organisation by its request id; another organisation's, or none, 404. */
export async function openCallOf(db: Kysely<Database>, orgId: number, reqId: string) {
  const row = await readRepositories(db).openCalls.findByReqId(orgId, reqId);
  if (!row) throw new ApiError(404, 'errors.openApi.callNotFound');
  return row;
}

/** The applications that have called the organisation's open interface (the screen's platform filter). */
export function openCallApplications(db: Kysely<Database>, orgId: number): Promise<string[]> {
  return readRepositories(db).openCalls.applications(orgId);
}
