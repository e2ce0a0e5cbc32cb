import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { streamWorkbook } from '../../../server/files/xlsx-stream-writer';

const columns = [
  { key: 'time', header: 'Time', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
  { key: 'text', header: 'Text & <more>', width: 30 },
  { key: 'count', header: 'Count', width: 8 },
];

/** Collects what the writer streams, noting how many rows had been asked for when the first bytes came. */
async function write(rows: Array<Record<string, unknown>>) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  let yielded = 0;
  let yieldedAtFirstByte: number | null = null;
  output.on('data', (chunk: Buffer) => {
    yieldedAtFirstByte ??= yielded;
    chunks.push(chunk);
  });
  async function* source() {
    for (const row of rows) {
      yielded += 1;
      yield row;
    }
  }
  const written = await streamWorkbook(output, 'Sheet & log', columns, source());
  await new Promise((resolve) => output.once('end', resolve).resume());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return { written, workbook, yieldedAtFirstByte: yieldedAtFirstByte as number | null };
}

describe('streamWorkbook', () => {
  it('writes a workbook exceljs reads back: bold frozen header, date-times, text kept literally', async () => {
    const { written, workbook } = await write([
      { time: new Date(Date.UTC(2026, 10, 26, 8, 30, 15)), text: '=HYPERLINK("x")', count: 3 },
      { time: new Date(Date.UTC(2026, 0, 1)), text: 'a\u0000b & <c> "d"', count: 0 },
      { time: new Date(Date.UTC(2026, 0, 2)), text: '', count: undefined },
    ]);
    expect(written).toBe(3);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Sheet & log');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, 'Time', 'Text & <more>', 'Count']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect((sheet.getCell('A2').value as Date).toISOString()).toBe('2026-11-26T08:30:15.000Z');
    expect(sheet.getCell('B2').value).toBe('=HYPERLINK("x")');
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('C2').value).toBe(3);
    expect(sheet.getCell('B3').value).toBe('ab & <c> "d"');
    expect(sheet.getCell('C3').value).toBe(0);
    expect(sheet.getCell('B4').value).toBe(null);
    expect(sheet.getColumn(2).width).toBe(30);
  });

  it('sends its first bytes long before the last row is read', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      time: new Date(i * 1000),
      text: `row ${i}`,
      count: i,
    }));
    const { written, workbook, yieldedAtFirstByte } = await write(rows);
    expect(written).toBe(20_000);
    expect(workbook.worksheets[0].rowCount).toBe(20_001);
    expect(yieldedAtFirstByte).not.toBeNull();
    expect(yieldedAtFirstByte).toBeLessThan(5_000);
  });
});
