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

/** A page of an organisation's open calls, newest first, after `cursor` (the last row id of the page before). */
export function openCallPage(
  db: Kysely<Database>,
  orgId: number,
  filter: OpenCallFilter,
  cursor: number | undefined,
  pageSize: number,
) {
  return readRepositories(db).openCalls.page(orgId, filter, cursor, pageSize);
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
