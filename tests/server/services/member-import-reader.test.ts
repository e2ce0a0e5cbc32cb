import { constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readImportRows } from '../../../server/files/member-import-workbook';
import {
  inlineCell,
  memberRows,
  memberWorkbook,
  unpackedPart,
  workbookParts,
  zipOf,
} from '../../helpers/member-import-files';

/** Every order of a list's items. */
function orders<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const header = ['<c r="A1" t="s"><v>0</v></c>', '<c r="B1" t="s"><v>1</v></c>'];

describe('readImportRows', () => {
  it('reads every file the same way after files it refused at the header', async () => {
    const refused = await memberWorkbook(memberRows(3), ['foo', 'bar']);
    const valid = await memberWorkbook(memberRows(3));
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 600; round += 1) {
      const file = round % 2 === 0 ? refused : valid;
      const outcome = await readImportRows(file).then(
        (rows) => `rows:${rows.length}`,
        (error: { key?: string }) => String(error.key),
      );
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({
      'errors.memberImport.badHeader': 300,
      'rows:3': 300,
    });
  });

  // exceljs's streaming reader took the parts in the order they are stored, in one pass: a sheet met before
  // xl/workbook.xml could not be read (a valid file refused as not a workbook), and when the reader fell
  // behind the unzipping, the parts stored last were dropped (about one file in 300 of exceljs's own layout,
  // which stores the workbook part last).
  it('reads a workbook whatever order its parts are stored in', async () => {
    const parts = workbookParts(
      [[header, ['<c r="A2" t="s"><v>2</v></c>', '<c r="B2"><v>13700000001</v></c>']]],
      { sharedStrings: ['<t>Name</t>', '<t>Mobile</t>', '<t>Lin Xiao</t>'] },
    );
    expect(parts).toHaveLength(4);
    for (const order of orders(parts)) {
      const rows = await readImportRows(zipOf(order));
      expect(rows.map((row) => [row.row, row.cells.name, row.cells.mobile])).toEqual([
        [2, 'Lin Xiao', '13700000001'],
      ]);
    }
  });

  // A part unpacks in chunks of zlib's default size; a Chinese character (three bytes) whose bytes fell on
  // both sides of a chunk boundary was decoded chunk by chunk and came out as two replacement characters.
  it('reads Chinese names whole where their bytes straddle two unpacked chunks', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `研发中心成员${i}号`);
    const file = await memberWorkbook(names.map((name, i) => [name, `137${String(i).padStart(8, '0')}`]));
    const strings = unpackedPart(file, 'xl/sharedStrings.xml');
    const boundaries = Array.from(
      { length: Math.floor((strings?.length ?? 0) / constants.Z_DEFAULT_CHUNK) },
      (_, i) => (i + 1) * constants.Z_DEFAULT_CHUNK,
    );
    // The file must hold the case: a chunk boundary inside a character (a UTF-8 continuation byte).
    expect(boundaries.some((at) => ((strings?.[at] ?? 0) & 0xc0) === 0x80)).toBe(true);
    const rows = await readImportRows(file);
    expect(rows.map((row) => row.cells.name)).toEqual(names);
  });

  it("keeps the first tab's sheet only, whichever part holds it", async () => {
    const sheet = (name: string) => [
      [inlineCell('A1', 'Name'), inlineCell('B1', 'Mobile')],
      [inlineCell('A2', name), inlineCell('B2', '13700000002')],
    ];
    const rows = await readImportRows(
      zipOf(workbookParts([sheet('Hidden'), sheet('Shown')], { tabs: [2, 1] })),
    );
    expect(rows.map((row) => row.cells.name)).toEqual(['Shown']);
  });

  it('reads rich text without its phonetic guide, and a formula as its text', async () => {
    const file = zipOf(
      workbookParts(
        [
          [
            header,
            ['<c r="A2" t="s"><v>2</v></c>', '<c r="B2"><f>12+1</f><v>13</v></c>'],
            [inlineCell('A3', 'Plain'), '<c r="B3" t="str"><v>13700000003</v></c>'],
          ],
        ],
        {
          sharedStrings: [
            '<t>Name</t>',
            '<t>Mobile</t>',
            '<r><t>林</t></r><r><rPr><b/></rPr><t xml:space="preserve">晓 </t></r><rPh sb="0" eb="1"><t>リン</t></rPh>',
          ],
        },
      ),
    );
    const rows = await readImportRows(file);
    expect(rows.map((row) => [row.cells.name, row.cells.mobile])).toEqual([
      ['林晓 ', '=12+1'],
      ['Plain', '13700000003'],
    ]);
  });

  it('refuses a workbook whose sheet is not well-formed XML as not a workbook (415)', async () => {
    const parts = workbookParts([[[inlineCell('A1', 'Name'), inlineCell('B1', 'Mobile')]]]);
    const broken = parts.map((part) =>
      part.name.includes('worksheets') ? { ...part, data: Buffer.from('<worksheet><sheetData><row>') } : part,
    );
    await expect(readImportRows(zipOf(broken))).rejects.toMatchObject({
      statusCode: 415,
      key: 'errors.memberImport.notXlsx',
    });
  });

  it('keeps the first sheet only', async () => {
    const rows = await readImportRows(await memberWorkbook(memberRows(2)));
    expect(rows.map((row) => [row.row, row.cells.name])).toEqual([
      [2, 'Member 1'],
      [3, 'Member 2'],
    ]);
  });
});
