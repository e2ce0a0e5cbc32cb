/** The sheet half of member import's own workbook reader: why it is not exceljs's, see xlsx-container.ts. */
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { notXlsx, type XlsxContainer } from './xlsx-container';

/**
 * A cell's value as the workbook stores it: text (shared, inline or a formula's text result), a number, a
 * boolean, a date, or a formula (written out, never evaluated); null for an error or an empty cell.
 */
export type XlsxCellValue = string | number | boolean | Date | { formula: string } | null;

/** One row of a sheet: its number (1-based, as the sheet numbers it) and its cells from column A on. */
export interface XlsxRow {
  number: number;
  values: XlsxCellValue[];
}

type XmlEvent =
  | { kind: 'open'; name: string; attributes: Record<string, string> }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string };

/** An element's or attribute's name without its namespace prefix (x:row and row alike). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The XML events of one part, a batch per chunk the part unpacks to. The bytes are decoded as one UTF-8
 * stream, so a character whose bytes fall on both sides of a chunk boundary stays whole. Malformed XML
 * means the upload is not a workbook we can read (415).
 */
async function* xmlEvents(part: Readable): AsyncGenerator<XmlEvent[]> {
  const parser = new SaxesParser();
  let events: XmlEvent[] = [];
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attributes[name] = String(value);
    events.push({ kind: 'open', name: localName(tag.name), attributes });
  });
  parser.on('closetag', (tag) => events.push({ kind: 'close', name: localName(tag.name) }));
  parser.on('text', (text) => events.push({ kind: 'text', text }));
  parser.on('cdata', (text) => events.push({ kind: 'text', text }));
  parser.on('error', () => {
    throw notXlsx();
  });
  part.setEncoding('utf8');
  for await (const chunk of part) {
    parser.write(chunk as string);
    yield events;
    events = [];
  }
  parser.close();
  yield events;
}

/** Every event of a small part (the workbook, its relationships, the shared strings). */
async function* allEvents(container: XlsxContainer, name: string): AsyncGenerator<XmlEvent> {
  const part = container.open(name);
  if (!part) return;
  for await (const batch of xmlEvents(part)) yield* batch;
}

/**
 * Collects the text of `<t>` elements between an element's opening and its closing, leaving out phonetic
 * guides (`<rPh>`, the reading of East Asian text shown above it): a shared string or an inline string,
 * plain or in rich-text runs.
 */
class TextCollector {
  private parts: string[] = [];
  private inText = false;
  private phonetic = 0;

  take(event: XmlEvent): void {
    if (event.kind === 'open') {
      if (event.name === 'rPh') this.phonetic += 1;
      else if (event.name === 't') this.inText = this.phonetic === 0;
    } else if (event.kind === 'close') {
      if (event.name === 'rPh') this.phonetic -= 1;
      else if (event.name === 't') this.inText = false;
    } else if (this.inText) {
      this.parts.push(event.text);
    }
  }

  done(): string {
    const text = this.parts.join('');
    this.parts = [];
    this.inText = false;
    this.phonetic = 0;
    return text;
  }
}

/** The workbook's shared strings in their order (cells of type s name them by index). */
async function sharedStrings(container: XlsxContainer, name: string | null): Promise<string[]> {
  const strings: string[] = [];
  if (!name) return strings;
  const text = new TextCollector();
  let inItem = false;
  for await (const event of allEvents(container, name)) {
    if (event.kind === 'open' && event.name === 'si') inItem = true;
    else if (event.kind === 'close' && event.name === 'si') {
      strings.push(text.done());
      inItem = false;
    } else if (inItem) text.take(event);
  }
  return strings;
}

/** The relationships of the workbook part: target part name by id, and the shared strings' part. */
async function workbookRelationships(container: XlsxContainer) {
  const targets = new Map<string, string>();
  let shared: string | null = null;
  for await (const event of allEvents(container, 'xl/_rels/workbook.xml.rels')) {
    if (event.kind !== 'open' || event.name !== 'Relationship') continue;
    const { Id: id, Target: target, Type: type = '', TargetMode: mode } = event.attributes;
    if (!id || !target || mode === 'External') continue;
    // Targets are relative to the workbook part (xl/), or absolute from the package root.
    const part = target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`);
    targets.set(id, part);
    if (type.endsWith('/sharedStrings')) shared = part;
  }
  return { targets, shared };
}

/** The relationship id of the workbook's first sheet (its first tab), or null when it names none. */
async function firstSheetId(container: XlsxContainer): Promise<string | null> {
  for await (const event of allEvents(container, 'xl/workbook.xml')) {
    if (event.kind !== 'open' || event.name !== 'sheet') continue;
    const id = Object.entries(event.attributes).find(
      ([name]) => name.includes(':') && localName(name) === 'id',
    );
    return id?.[1] ?? null;
  }
  return null;
}

/** The part of the first sheet: the workbook's first tab, else the lowest-numbered sheet part. */
async function firstSheetPart(container: XlsxContainer, targets: Map<string, string>) {
  const id = await firstSheetId(container);
  const named = id ? targets.get(id) : undefined;
  if (named && container.names.includes(named)) return named;
  const numbered = container.names
    .map((name) => ({ name, match: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name) }))
    .filter((part) => part.match)
    .sort((a, b) => Number(a.match?.[1]) - Number(b.match?.[1]));
  return numbered[0]?.name ?? null;
}

/** The column index (A = 0) of a cell reference such as B12, or null when it has none. */
function columnIndex(reference: string | undefined): number | null {
  const letters = reference ? /^([A-Z]+)\d*$/i.exec(reference)?.[1] : undefined;
  if (!letters) return null;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** A cell as it is read: its type attribute, and the text of its value, formula and inline string. */
interface CellDraft {
  column: number;
  type: string;
  value: string;
  formula: string | null;
  sharedFormula: string | undefined;
  inline: string;
}

/** What a cell holds, by its type (SpreadsheetML t: s, inlineStr, str, b, e, d, n). */
function cellValue(cell: CellDraft, strings: readonly string[]): XlsxCellValue {
  if (cell.formula !== null) return { formula: cell.formula };
  switch (cell.type) {
    case 's':
      return strings[Number(cell.value)] ?? '';
    case 'inlineStr':
      return cell.inline;
    case 'str':
      return cell.value;
    case 'b':
      return cell.value === '1' || cell.value.toLowerCase() === 'true';
    case 'e':
      return null;
    case 'd': {
      const date = new Date(cell.value);
      return Number.isNaN(date.getTime()) ? cell.value : date;
    }
    default: {
      if (cell.value.trim() === '') return null;
      const number = Number(cell.value);
      return Number.isFinite(number) ? number : cell.value;
    }
  }
}

/**
 * The rows of a workbook's first sheet, read as it unpacks so memory stays flat whatever its size. Its
 * parts are found through the zip's central directory, so they are read in the order they depend on one
 * another (relationships, workbook, shared strings, then the sheet) whatever order they are stored in.
 * Rows come in batches as the sheet unpacks; stopping early stops the unpacking. Malformed XML is a 415;
 * any other failure is a fault of this reader and propagates as it is.
 */
export async function* firstSheetRows(container: XlsxContainer): AsyncGenerator<XlsxRow> {
  const { targets, shared } = await workbookRelationships(container);
  const sheet = await firstSheetPart(container, targets);
  const part = sheet ? container.open(sheet) : null;
  if (!part) return;
  const fallbackShared = container.names.includes('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : null;
  const strings = await sharedStrings(container, shared ?? fallbackShared);

  // Formulas shared down a range are written once, on the range's first cell: the others name it by si.
  const sharedFormulas = new Map<string, string>();
  const inline = new TextCollector();
  let row: XlsxRow | null = null;
  let cell: CellDraft | null = null;
  let reading: 'v' | 'f' | 'is' | null = null;
  let lastRow = 0;
  for await (const batch of xmlEvents(part)) {
    const done: XlsxRow[] = [];
    for (const event of batch) {
      if (event.kind === 'open') {
        if (event.name === 'row') {
          lastRow = Number(event.attributes.r) || lastRow + 1;
          row = { number: lastRow, values: [] };
        } else if (event.name === 'c' && row) {
          cell = {
            column: columnIndex(event.attributes.r) ?? row.values.length,
            type: event.attributes.t ?? 'n',
            value: '',
            formula: null,
            sharedFormula: undefined,
            inline: '',
          };
        } else if (cell && event.name === 'v') reading = 'v';
        else if (cell && event.name === 'f') {
          reading = 'f';
          cell.formula = '';
          cell.sharedFormula = event.attributes.si;
        } else if (cell && event.name === 'is') reading = 'is';
        else if (reading === 'is') inline.take(event);
      } else if (event.kind === 'text') {
        if (!cell) continue;
        if (reading === 'v') cell.value += event.text;
        else if (reading === 'f') cell.formula += event.text;
        else if (reading === 'is') inline.take(event);
      } else if (event.name === 'v' || event.name === 'f') {
        if (cell && event.name === 'f' && cell.sharedFormula !== undefined) {
          const known = sharedFormulas.get(cell.sharedFormula);
          if (cell.formula) sharedFormulas.set(cell.sharedFormula, cell.formula);
          else cell.formula = known ?? '';
        }
        reading = null;
      } else if (event.name === 'is') {
        if (cell) cell.inline = inline.done();
        reading = null;
      } else if (reading === 'is') {
        inline.take(event);
      } else if (event.name === 'c' && cell && row) {
        while (row.values.length < cell.column) row.values.push(null);
        row.values[cell.column] = cellValue(cell, strings);
        cell = null;
      } else if (event.name === 'row' && row) {
        done.push(row);
        row = null;
      }
    }
    yield* done;
  }
}
