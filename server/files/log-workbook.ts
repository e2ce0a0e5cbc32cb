import type { Writable } from 'node:stream';
import type { MessageKey } from '../../domain/i18n';
import type { Language } from '../../domain/constants';
import { translate } from '../core/translate';
import { ApiError } from '../core/errors';
import { streamWorkbook } from './xlsx-stream-writer';

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

/** A log an administrator can download: its sheet, its columns after the time, how to read and word its rows. */
export interface LogSheet<Row extends { created_at: number; id: number }> {
  sheetName: MessageKey;
  /** The header of the first column, the row's time in the user's time zone. */
  timeHeader: MessageKey;
  /** The other columns, in order: the key `present` fills, the header and the width in characters. */
  columns: { key: string; header: MessageKey; width: number }[];
  /** A keyset page of rows older than `cursor` (null: the newest), newest first. */
  nextBatch: (cursor: { createdAt: number; id: number } | null, size: number) => Promise<Row[]>;
  /** The text cells of a row, in the user's language; each goes through spreadsheetText. */
  present: (row: Row, language: Language, timeZone: string) => Record<string, unknown>;
}

/**
 * Streams a log into an .xlsx workbook in `output`: a frozen bold header row, then the rows of `nextBatch`
 * (keyset pages of BATCH_SIZE, newest first) as `present` words them. Each batch is written and compressed
 * before the next is read (xlsx-stream-writer), so the first bytes leave at once and memory stays flat
 * however long the log is. Resolves with the rows written.
 */
export async function writeLogWorkbook<Row extends { created_at: number; id: number }>(
  sheet: LogSheet<Row>,
  options: { language: Language; timeZone: string },
  output: Writable,
): Promise<number> {
  const { language, timeZone } = options;
  const t = (key: MessageKey) => translate(language, key);
  const columns = [
    { key: 'time', header: t(sheet.timeHeader), width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    ...sheet.columns.map((column) => ({ ...column, header: t(column.header) })),
  ];
  async function* rows() {
    let cursor: { createdAt: number; id: number } | null = null;
    for (;;) {
      const batch = await sheet.nextBatch(cursor, BATCH_SIZE);
      for (const row of batch) {
        yield { time: wallClock(row.created_at, timeZone), ...sheet.present(row, language, timeZone) };
      }
      if (batch.length < BATCH_SIZE) return;
      const last = batch[batch.length - 1];
      cursor = { createdAt: last.created_at, id: last.id };
    }
  }
  return streamWorkbook(output, t(sheet.sheetName), columns, rows());
}

/** `attachment` with an ASCII fallback name and the real (possibly Chinese) name per RFC 6266. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
