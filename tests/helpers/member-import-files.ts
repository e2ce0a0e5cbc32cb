import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** A cell of a test workbook: text, a number, or a formula. */
export type TestCell = string | number | { formula: string; result?: string } | null;

/** An .xlsx file with a header row (English column names by default) and the given rows. */
export async function memberWorkbook(
  rows: TestCell[][],
  header: string[] = ['Name', 'Mobile', 'Email', 'Department', 'Direct superior', 'Products'],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Members');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `count` valid member rows: names Member 1.., mobiles 1370000000x.., no department or products. */
export function memberRows(count: number, start = 0): TestCell[][] {
  return Array.from({ length: count }, (_, i) => [
    `Member ${start + i + 1}`,
    `137${String(start + i).padStart(8, '0')}`,
    '',
    '',
    '',
    '',
  ]);
}

/** A zip of the given entries (deflated), written by hand so a test can make it lie or explode. */
export function zipOf(entries: Array<{ name: string; data: Buffer; declaredSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A minimal workbook written by hand (inline strings, no styles): `rows` member rows under the English
 * header, quick to build at 50,000 rows and more.
 */
export function bigWorkbook(rows: number): Buffer {
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const lines = [`<row r="1">${cell('A1', 'Name')}${cell('B1', 'Mobile')}</row>`];
  for (let i = 0; i < rows; i += 1) {
    const r = i + 2;
    lines.push(`<row r="${r}">${cell(`A${r}`, `M${i}`)}${cell(`B${r}`, String(15_000_000_000 + i))}</row>`);
  }
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${lines.join('')}</sheetData></worksheet>`;
  const workbook = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Members" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
  return zipOf([
    { name: 'xl/workbook.xml', data: Buffer.from(workbook) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(rels) },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
  ]);
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Text fit to stand inside an XML element. */
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The parts of a workbook written by hand, to be zipped in any order: the workbook, its relationships,
 * shared strings and sheets. Each sheet is its rows of cells as raw SpreadsheetML (`<c>` elements); `tabs`
 * lists the sheets' file numbers in the order of their tabs (default: 1, 2, ...).
 */
export function workbookParts(
  sheets: string[][][],
  options: { sharedStrings?: string[]; tabs?: number[] } = {},
): Array<{ name: string; data: Buffer }> {
  const tabs = options.tabs ?? sheets.map((_, i) => i + 1);
  const workbook = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${tabs
    .map((n) => `<sheet name="Sheet ${n}" sheetId="${n}" r:id="rIdSheet${n}"/>`)
    .join('')}</sheets></workbook>`;
  const relationships = sheets.map(
    (_, i) =>
      `<Relationship Id="rIdSheet${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  const parts = sheets.map((rows, i) => ({
    name: `xl/worksheets/sheet${i + 1}.xml`,
    data: Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData>${rows
        .map((cells, r) => `<row r="${r + 1}">${cells.join('')}</row>`)
        .join('')}</sheetData></worksheet>`,
    ),
  }));
  if (options.sharedStrings) {
    relationships.push(
      `<Relationship Id="rIdStrings" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>`,
    );
    parts.push({
      name: 'xl/sharedStrings.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN_NS}">${options.sharedStrings
          .map((si) => `<si>${si}</si>`)
          .join('')}</sst>`,
      ),
    });
  }
  return [
    { name: 'xl/workbook.xml', data: Buffer.from(workbook) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships.join('')}</Relationships>`,
      ),
    },
    ...parts,
  ];
}

/** A cell of a hand-written sheet holding text inline. */
export const inlineCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`;

/** A part of a zip whose local headers carry their sizes (as exceljs writes), unpacked; null when absent. */
export function unpackedPart(file: Buffer, name: string): Buffer | null {
  let at = 0;
  while (file.readUInt32LE(at) === 0x04034b50) {
    const method = file.readUInt16LE(at + 8);
    const packedSize = file.readUInt32LE(at + 18);
    const nameLength = file.readUInt16LE(at + 26);
    const dataStart = at + 30 + nameLength + file.readUInt16LE(at + 28);
    const data = file.subarray(dataStart, dataStart + packedSize);
    if (file.toString('utf8', at + 30, at + 30 + nameLength) === name) {
      return method === 0 ? data : inflateRawSync(data);
    }
    at = dataStart + packedSize;
  }
  return null;
}
