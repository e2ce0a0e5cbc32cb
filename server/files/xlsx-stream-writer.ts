/**
 * Why the portal writes its .xlsx exports itself although exceljs is a dependency (issue 18 keeps a
 * hand-written writer only where a benchmark shows the library misses the target): `npm run
 * bench:xlsx-writers`, the login-log export's 1,000,000 rows and columns into a pipe, each writer in a
 * process of its own, one run on 2 cores at load average 20-24 (2026-11-29):
 *   this writer:               first byte 1 ms,   peak RSS 148 MB, 53.7 s, 16.8 s CPU, 47.1 MB file;
 *   exceljs 4.4 WorkbookWriter: first byte 736 ms, peak RSS 579 MB, 255.7 s, 53.4 s CPU, 56.9 MB file.
 * The export's targets are first byte < 1 s and peak RSS < 250 MB: exceljs misses the memory one (and
 * takes three times the CPU). About 130 MB of either RSS is the benchmark process's own (its TypeScript
 * loader), measured at 20,000 rows.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** A column of a streamed sheet: its header, width in characters and whether it holds date-times. */
export interface SheetColumn {
  key: string;
  header: string;
  width: number;
  /** Cells are Dates shown with this number format (e.g. `yyyy-mm-dd hh:mm:ss`). */
  style?: { numFmt: string };
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
/** General-purpose flags: sizes and CRC follow the data (bit 3), names are UTF-8 (bit 11). */
const FLAGS = 0x0808;
const DEFLATE = 8;
const ZIP32_LIMIT = 0xffffffff;
/** Bytes of sheet XML gathered before they go to the compressor: few calls, small memory. */
const CHUNK_BYTES = 64 * 1024;
/** Days from Excel's day 0 (1899-12-30) to the Unix epoch. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

const xmlText = (value: string) =>
  value
    // Characters XML 1.0 cannot carry at all would make the file unreadable.
    // eslint-disable-next-line no-control-regex -- exactly those control characters are removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** A1-style column letters of a zero-based index. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** One cell's XML: a date-time as its serial number, a number as it is, anything else as inline text. */
function cellXml(ref: string, value: unknown, dateStyle: number): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) {
    return `<c r="${ref}" s="${dateStyle}"><v>${value.getTime() / DAY_MS + EXCEL_EPOCH_DAYS}</v></c>`;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
  // Inline strings are never formulas: a cell is a formula only with an <f> element, which is never written.
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(value))}</t></is></c>`;
}

interface CentralEntry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/**
 * A zip archive written front to back into `output` (entries deflated, each followed by a data
 * descriptor), waiting for the output to drain so a slow reader holds back the writer instead of memory.
 */
function zipWriter(output: Writable) {
  let offset = 0;
  const central: CentralEntry[] = [];
  const write = async (chunk: Buffer) => {
    offset += chunk.length;
    if (!output.write(chunk)) await Promise.race([once(output, 'drain'), once(output, 'close')]);
    if (output.destroyed) throw new Error('the download was closed');
  };

  /** Adds one entry whose content comes from `fill`, which writes it through `put` piece by piece. */
  const entry = async (path: string, fill: (put: (text: string) => Promise<void>) => Promise<void>) => {
    const name = Buffer.from(path, 'utf8');
    const start = offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(name.length, 26);
    await write(Buffer.concat([header, name]));

    const deflate = createDeflateRaw({ level: 6 });
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const pending: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => pending.push(chunk));
    const flushCompressed = async () => {
      while (pending.length > 0) {
        const chunk = pending.shift() as Buffer;
        compressed += chunk.length;
        await write(chunk);
      }
    };
    let buffered: string[] = [];
    let bufferedBytes = 0;
    const pushText = async (final: boolean) => {
      if (buffered.length > 0) {
        const bytes = Buffer.from(buffered.join(''), 'utf8');
        buffered = [];
        bufferedBytes = 0;
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      }
      if (final) {
        deflate.end();
        await once(deflate, 'end');
      } else {
        // Let the compressor hand over what it has so far.
        await new Promise<void>((resolve) => deflate.flush(2, () => resolve()));
      }
      await flushCompressed();
    };
    const put = async (text: string) => {
      buffered.push(text);
      bufferedBytes += text.length;
      if (bufferedBytes >= CHUNK_BYTES) await pushText(false);
    };
    await fill(put);
    await pushText(true);
    if (size > ZIP32_LIMIT || offset > ZIP32_LIMIT) throw new Error('the workbook is too large');

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await write(descriptor);
    central.push({ name, crc: crc >>> 0, compressed, size, offset: start });
  };

  /** Writes the central directory and the end record. */
  const finish = async () => {
    const directoryStart = offset;
    for (const item of central) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(CENTRAL_HEADER, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(DEFLATE, 10);
      record.writeUInt32LE(item.crc, 16);
      record.writeUInt32LE(item.compressed, 20);
      record.writeUInt32LE(item.size, 24);
      record.writeUInt16LE(item.name.length, 28);
      record.writeUInt32LE(item.offset, 42);
      await write(Buffer.concat([record, item.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_DIRECTORY, 0);
    end.writeUInt16LE(central.length, 8);
    end.writeUInt16LE(central.length, 10);
    end.writeUInt32LE(offset - directoryStart, 12);
    end.writeUInt32LE(directoryStart, 16);
    await write(end);
  };

  return { entry, finish };
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org';

/** The parts of a one-sheet workbook besides the sheet, by path. */
function workbookParts(sheetName: string, dateFormat: string): Array<[string, string]> {
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="${NS}/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
        `</Types>`,
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="${NS}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
        `</Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships">` +
        `<sheets><sheet name="${xmlText(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${NS}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${NS}/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
        `</Relationships>`,
    ],
    [
      'xl/styles.xml',
      // Style 0: plain; 1: bold (the header row); 2: the date-time format.
      `${XML}<styleSheet xmlns="${NS}/spreadsheetml/2006/main">` +
        `<numFmts count="1"><numFmt numFmtId="164" formatCode="${xmlText(dateFormat)}"/></numFmts>` +
        `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
        `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
        `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
        `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
        `<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
        `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
        `<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>` +
        `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
        `</styleSheet>`,
    ],
  ];
}

/**
 * Streams a one-sheet .xlsx workbook into `output`: a frozen bold header row, then every row `rows` yields,
 * written and compressed as it comes, so the first bytes leave at once and memory stays flat however many
 * rows there are. Text is written as inline strings (never formulas); Dates as date-times in the column's
 * format. Resolves with the number of rows written; `output` is ended.
 */
export async function streamWorkbook(
  output: Writable,
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: AsyncIterable<Record<string, unknown>>,
): Promise<number> {
  const zip = zipWriter(output);
  const dateFormat = columns.find((column) => column.style)?.style?.numFmt ?? 'yyyy-mm-dd hh:mm:ss';
  const names = columns.map((_, index) => columnName(index));
  let written = 0;
  await zip.entry('xl/worksheets/sheet1.xml', async (put) => {
    const widths = columns
      .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width}" customWidth="1"/>`)
      .join('');
    await put(
      `${XML}<worksheet xmlns="${NS}/spreadsheetml/2006/main">` +
        `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
        `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData>`,
    );
    const header = columns
      .map((column, i) => cellXml(`${names[i]}1`, column.header, 2).replace('<c ', '<c s="1" '))
      .join('');
    await put(`<row r="1">${header}</row>`);
    for await (const row of rows) {
      const r = written + 2;
      let cells = '';
      for (let i = 0; i < columns.length; i += 1) cells += cellXml(`${names[i]}${r}`, row[columns[i].key], 2);
      await put(`<row r="${r}">${cells}</row>`);
      written += 1;
    }
    await put('</sheetData></worksheet>');
  });
  for (const [path, xml] of workbookParts(sheetName, dateFormat)) {
    await zip.entry(path, (put) => put(xml));
  }
  await zip.finish();
  output.end();
  return written;
}
