/**
 * Why member import reads workbooks itself although exceljs is a dependency (issue 18 keeps a hand-written
 * reader only where the library cannot do the job): `npm run bench:xlsx-readers`, one run (2026-11-29, load
 * average 22): exceljs 4.4's streaming WorkbookReader read 20 of the 24 orders a zip may store a small
 * workbook's four parts in (a sheet stored before xl/workbook.xml is lost) and 2,995 of 3,000 Chinese names
 * (a character whose bytes straddle two unpacked chunks comes out garbled); this reader (this file and
 * xlsx-sheet-reader.ts) read 24 of 24 and 3,000 of 3,000.
 */
import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { ApiError } from '../core/errors';

/** Most bytes the entries of an uploaded workbook may unpack to: 50,000 rows take about 25 MB. */
export const XLSX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Most entries (files) an uploaded workbook may hold. */
const MAX_ENTRIES = 2000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

/** The refusal of an upload that is not an xlsx workbook (or not one that can be read). */
export const notXlsx = () => new ApiError(415, 'errors.memberImport.notXlsx');

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The central directory's entries of a zip file, or a 415 when it has none that can be read. */
function centralDirectory(file: Buffer): { entries: Entry[]; directoryOffset: number } {
  const searchFrom = Math.max(0, file.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = file.length - 22; at >= searchFrom; at -= 1) {
    if (file.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw notXlsx();
  const count = file.readUInt16LE(eocd + 10);
  const directoryOffset = file.readUInt32LE(eocd + 16);
  // ZIP64 (0xffff entries, 0xffffffff offsets) is far beyond any upload we take.
  if (count === 0 || count > MAX_ENTRIES || directoryOffset >= eocd) throw notXlsx();
  const entries: Entry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > eocd || file.readUInt32LE(at) !== CENTRAL) throw notXlsx();
    const nameLength = file.readUInt16LE(at + 28);
    const entry = {
      flags: file.readUInt16LE(at + 8),
      method: file.readUInt16LE(at + 10),
      compressedSize: file.readUInt32LE(at + 20),
      size: file.readUInt32LE(at + 24),
      localOffset: file.readUInt32LE(at + 42),
      name: file.toString('utf8', at + 46, at + 46 + nameLength),
    };
    entries.push(entry);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return { entries, directoryOffset };
}

/** The parts of a checked workbook, found through its central directory (so in any order they are stored). */
export interface XlsxContainer {
  /** The names of its parts (xl/workbook.xml, xl/worksheets/sheet1.xml, ...). */
  names: readonly string[];
  /**
   * A part's bytes as they unpack, in chunks, or null when there is no such part. Every part has already
   * been unpacked once to the size it declares, so this cannot grow beyond XLSX_MAX_UNPACKED_BYTES.
   */
  open(name: string): Readable | null;
}

/**
 * Checks that an upload is an xlsx workbook that is safe to unpack, before any of it is read as XML:
 * a zip (first bytes PK\x03\x04) holding xl/workbook.xml, whose entries follow one another with nothing
 * hidden between them, each stored or deflated, and which really unpack to the sizes they declare, at
 * most XLSX_MAX_UNPACKED_BYTES in all (a zip bomb is refused with a 413 after inflating no more than that).
 * Anything else is a 415. Answers the workbook's parts, each read from where the central directory says.
 */
export function openXlsxContainer(file: Buffer): XlsxContainer {
  if (file.length < 30 || file.readUInt32LE(0) !== LOCAL) throw notXlsx();
  const { entries, directoryOffset } = centralDirectory(file);
  if (!entries.some((entry) => entry.name === 'xl/workbook.xml')) throw notXlsx();
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > XLSX_MAX_UNPACKED_BYTES) throw new ApiError(413, 'errors.memberImport.unpackedTooLarge');
  const ordered = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  const parts = new Map<string, { method: number; data: Buffer }>();
  let expected = 0;
  for (const entry of ordered) {
    const at = entry.localOffset;
    if (at !== expected || at + 30 > directoryOffset || file.readUInt32LE(at) !== LOCAL) throw notXlsx();
    const dataStart = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
    let dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > directoryOffset) throw notXlsx();
    const data = file.subarray(dataStart, dataEnd);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw notXlsx();
    } else if (entry.method === 8) {
      let unpacked: Buffer;
      try {
        unpacked = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
      } catch (error) {
        if (error instanceof RangeError) throw new ApiError(413, 'errors.memberImport.unpackedTooLarge');
        throw notXlsx();
      }
      if (unpacked.length !== entry.size) throw notXlsx();
    } else {
      throw notXlsx();
    }
    parts.set(entry.name, { method: entry.method, data });
    if (entry.flags & 0x8) {
      // A data descriptor follows: CRC and sizes, with or without its signature.
      dataEnd += dataEnd + 4 <= directoryOffset && file.readUInt32LE(dataEnd) === DESCRIPTOR ? 16 : 12;
    }
    expected = dataEnd;
  }
  if (expected !== directoryOffset) throw notXlsx();
  return {
    names: [...parts.keys()],
    open(name) {
      const part = parts.get(name);
      if (!part) return null;
      if (part.method === 0) return Readable.from([part.data]);
      const inflate = createInflateRaw();
      inflate.end(part.data);
      return inflate;
    },
  };
}
