import type { Writable } from 'node:stream';
import type { MessageKey } from '../../domain/i18n';
import type { Language } from '../../domain/constants';
import { translate, translateIfKnown } from '../core/translate';
import { clientNameKey, productNameKey } from '../../domain/rules/login-log';
import { spreadsheetText } from '../../domain/rules/operation-log';
import { ApiError } from '../core/errors';
import type { LoginLogCursor, LoginLogFilter, LoginLogListRow } from '../repositories/login-logs-repository';
import type { Repositories } from '../repositories';
import { type SheetColumn, streamWorkbook } from './xlsx-stream-writer';

/** Rows read per query while writing a file: small enough to keep memory flat, big enough to be quick. */
const BATCH_SIZE = 1000;

/** The media type of an .xlsx workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Checks an IANA time zone name (`Asia/Shanghai`) before a file is written in it; a name the runtime does
 * not know is a 400, not a half-written file.
 */
export function checkTimeZone(timeZone: string | undefined): string {
  const zone = timeZone || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new ApiError(400, 'errors.loginLog.invalidTimeZone');
  }
  return zone;
}

/** One formatter per time zone: building one costs far more than using it, and an export formats every row. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // checkTimeZone lets only zones the runtime knows through, so this stays small.
    if (wallClockFormats.size < 1000) wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The wall-clock time of `ms` in `timeZone`, as a Date whose UTC fields hold it: spreadsheet cells have no
 * time zone, and the library writes a Date's UTC fields, so the cell shows the time the user lives in.
 */
export function wallClock(ms: number, timeZone: string): Date {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')),
  );
}

/** One line of the file, in the user's language. */
function presentRow(row: LoginLogListRow, language: Language, timeZone: string) {
  const t = (key: MessageKey) => translate(language, key);
  const product = productNameKey(row.product);
  const client = clientNameKey(row.login_client);
  // The account typed at sign-in, the browser and unknown codes come from whoever signed in (or tried):
  // every text cell goes through spreadsheetText so `=HYPERLINK(...)` typed as an account stays text.
  return {
    time: wallClock(row.created_at, timeZone),
    account: spreadsheetText(row.account),
    realName: spreadsheetText(row.real_name ?? ''),
    department: spreadsheetText(row.department ?? ''),
    ip: spreadsheetText(row.ip),
    browser: spreadsheetText(row.browser),
    product: spreadsheetText(product ? t(product) : row.product),
    client: spreadsheetText(client ? t(client) : row.login_client),
    result: t(row.success === 1 ? 'loginLog.success' : 'loginLog.failed'),
    reason: row.reason ? spreadsheetText(translateIfKnown(language, row.reason)) : '',
  };
}

/**
 * Writes the organisation's login log for a filter as an .xlsx workbook into `output`, newest first, one
 * batch of rows at a time (streamed as it is read, see writeLogWorkbook). Resolves
 * with the number of rows written once the workbook is complete.
 */
export async function writeLoginLogWorkbook(
  repos: Pick<Repositories, 'loginLogs'>,
  filter: LoginLogFilter,
  options: { language: Language; timeZone: string },
  output: Writable,
): Promise<number> {
  const t = (key: MessageKey) => translate(options.language, key);
  return writeLogWorkbook(
    output,
    t('loginLog.sheetName'),
    [
      {
        key: 'time',
        header: t('loginLog.columns.time'),
        width: 20,
        style: { numFmt: 'yyyy-mm-dd hh:mm:ss' },
      },
      { key: 'account', header: t('loginLog.columns.account'), width: 28 },
      { key: 'realName', header: t('loginLog.columns.realName'), width: 16 },
      { key: 'department', header: t('loginLog.columns.department'), width: 18 },
      { key: 'ip', header: t('loginLog.columns.ip'), width: 18 },
      { key: 'browser', header: t('loginLog.columns.browser'), width: 14 },
      { key: 'product', header: t('loginLog.columns.product'), width: 20 },
      { key: 'client', header: t('loginLog.columns.client'), width: 14 },
      { key: 'result', header: t('loginLog.columns.result'), width: 10 },
      { key: 'reason', header: t('loginLog.columns.reason'), width: 36 },
    ],
    (cursor: LoginLogCursor | null, size) => repos.loginLogs.batchAfter(filter, cursor, size),
    (row) => presentRow(row, options.language, options.timeZone),
  );
}

/** A column of an exported sheet. */
export type LogColumn = SheetColumn;

/**
 * Streams a log into an .xlsx workbook in `output`: a frozen bold header row, then the rows of `nextBatch`
 * (keyset pages of BATCH_SIZE, newest first) as `present` words them. Each batch is written and compressed
 * before the next is read (xlsx-stream-writer), so the first bytes leave at once and memory stays flat
 * however long the log is. Resolves with the rows written.
 */
export async function writeLogWorkbook<Row extends { created_at: number; id: number }>(
  output: Writable,
  sheetName: string,
  columns: LogColumn[],
  nextBatch: (cursor: { createdAt: number; id: number } | null, size: number) => Promise<Row[]>,
  present: (row: Row) => Record<string, unknown>,
): Promise<number> {
  async function* rows() {
    let cursor: { createdAt: number; id: number } | null = null;
    for (;;) {
      const batch = await nextBatch(cursor, BATCH_SIZE);
      for (const row of batch) yield present(row);
      if (batch.length < BATCH_SIZE) return;
      const last = batch[batch.length - 1];
      cursor = { createdAt: last.created_at, id: last.id };
    }
  }
  return streamWorkbook(output, sheetName, columns, rows());
}

/** `attachment` with an ASCII fallback name and the real (possibly Chinese) name per RFC 6266. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
