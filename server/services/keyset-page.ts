import type { ErrorKey } from '../../domain/i18n';
import { decodeCursor, encodeCursor, type OperationLogCursor } from '../../domain/rules/operation-log';
import { ApiError } from '../core/errors';

/**
 * One page of a log read newest first by keyset (the login log's and the operation log's screens): the
 * cursor the client sent back, refused with 400 `invalidCursor` when it is not one, and the next page's
 * cursor, or null on the last page. One row more than the page is read to tell whether another page follows,
 * without a count over the log.
 */
export async function keysetPage<Row extends { created_at: number; id: number }>(
  request: { cursor?: string; pageSize: number },
  invalidCursor: ErrorKey,
  read: (cursor: OperationLogCursor | null, limit: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const { cursor: cursorText, pageSize } = request;
  const cursor = cursorText === undefined ? null : decodeCursor(cursorText);
  if (cursorText !== undefined && !cursor) throw new ApiError(400, invalidCursor);
  const rows = await read(cursor, pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor:
      rows.length > pageSize && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
