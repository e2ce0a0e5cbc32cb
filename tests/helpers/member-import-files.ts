import { crc32, deflateRawSync } from 'node:zlib';
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
