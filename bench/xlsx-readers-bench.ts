/**
 * npm run bench:xlsx-readers: member import's workbook reader (server/files/xlsx-container.ts and
 * xlsx-sheet-reader.ts, through readImportRows) beside exceljs's streaming WorkbookReader, on the files
 * the import must read right: one small workbook stored in each of the 24 orders of its four parts (a zip
 * may store them in any order) and 3,000 Chinese names whose bytes straddle the unpacked chunks. For each
 * reader: how many files it read right, and the time it took. Prints JSON with the load average.
 */
import os from 'node:os';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { readImportRows } from '../server/files/member-import-workbook';
import { memberWorkbook, workbookParts, zipOf } from '../tests/helpers/member-import-files';
import { machineLoad, report, round } from './bench-utils';

function orders<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The first sheet's rows after the header, as [name, mobile], through exceljs's streaming reader. */
async function exceljsRows(file: Buffer): Promise<string[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
  });
  const rows: string[][] = [];
  for await (const sheet of reader)
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>)
      if (row.number > 1) rows.push((row.values as unknown[]).slice(1, 3).map(String));
  return rows;
}

/** The same through the portal's own reader. */
async function ownRows(file: Buffer): Promise<string[][]> {
  const rows = await readImportRows(file);
  return rows.map((row) => [String(row.cells.name), String(row.cells.mobile)]);
}

const READERS = { own: ownRows, exceljs: exceljsRows };

async function main() {
  const header = ['<c r="A1" t="s"><v>0</v></c>', '<c r="B1" t="s"><v>1</v></c>'];
  const parts = workbookParts(
    [[header, ['<c r="A2" t="s"><v>2</v></c>', '<c r="B2"><v>13700000001</v></c>']]],
    { sharedStrings: ['<t>Name</t>', '<t>Mobile</t>', '<t>Lin Xiao</t>'] },
  );
  const partOrders = orders(parts).map((order) => zipOf(order));
  const names = Array.from({ length: 3000 }, (_, i) => `研发中心成员${i}号`);
  const chinese = await memberWorkbook(names.map((name, i) => [name, `137${String(i).padStart(8, '0')}`]));

  const readers = [];
  for (const [reader, read] of Object.entries(READERS)) {
    const started = performance.now();
    let rightOrders = 0;
    for (const file of partOrders) {
      const rows = await read(file).catch(() => []);
      if (rows.length === 1 && rows[0][0] === 'Lin Xiao' && rows[0][1] === '13700000001') rightOrders += 1;
    }
    const rows = await read(chinese).catch(() => []);
    const rightNames = rows.filter((row, i) => row[0] === names[i]).length;
    readers.push({
      reader,
      partOrdersReadRight: `${rightOrders} of ${partOrders.length}`,
      chineseNamesReadRight: `${rightNames} of ${names.length}`,
      ms: round(performance.now() - started, 0),
      loadAverage1m: round(os.loadavg()[0], 2),
    });
  }
  report('xlsx-readers', {
    ...machineLoad(),
    exceljs: '4.4.0',
    readers,
  });
}

await main();
