import type { Language } from '../../domain/constants';
import { LANGUAGES } from '../../domain/constants';
import { type MessageKey } from '../../domain/i18n';
import { type ImportRowCells, importCellText } from '../../domain/rules/member-import';
import {
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_MAX_ROWS,
  type MemberImportColumn,
  type MemberImportKind,
  SSO_IMPORT_COLUMNS,
} from '../../domain/schemas/member-import';
import { ApiError } from '../core/errors';
import { translate } from '../core/translate';
import { openXlsxContainer } from './xlsx-container';
import { firstSheetRows } from './xlsx-sheet-reader';

// The member import's workbooks: the template written for administrators and the filled file read back.

/** Text as a header is compared: full-width forms folded, spaces gone, lower case. */
const headerKey = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

/** Which column a header cell names, in either language or by its key; undefined for another column. */
const HEADER_COLUMNS = new Map<string, MemberImportColumn>(
  SSO_IMPORT_COLUMNS.flatMap((column) => [
    [headerKey(column), column] as const,
    ...LANGUAGES.map(
      (lang) => [headerKey(translate(lang, `memberImport.columns.${column}`)), column] as const,
    ),
  ]),
);

/**
 * Writes the import template: one sheet whose header row names the columns in `language`, each with a
 * note saying how to fill it, and text-formatted columns (so a mobile number stays digits). Only plain
 * strings: the file holds no formula. exceljs is loaded only when a template is asked for.
 */
export async function importTemplate(
  language: Language,
  kind: MemberImportKind = 'members',
): Promise<Buffer> {
  const columns = kind === 'sso' ? SSO_IMPORT_COLUMNS : MEMBER_IMPORT_COLUMNS;
  const { default: ExcelJS } = await import('exceljs');
  const t = (key: MessageKey) => translate(language, key);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('memberImport.sheetName'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    key: column,
    header: t(`memberImport.columns.${column}`),
    width: column === 'products' || column === 'department' ? 28 : 22,
    style: { numFmt: '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((column, index) => {
    header.getCell(index + 1).note = t(`memberImport.hints.${column}`);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The rows of an uploaded workbook's first sheet as text, read as the sheet unpacks so memory stays flat
 * (xlsx-sheet-reader.ts). Row 1 is the header: its cells say which column is which, in either language.
 * Empty rows are skipped; a file with more than MEMBER_IMPORT_MAX_ROWS rows is refused once the row after
 * the last allowed one is read. Only a file that is not a readable workbook is a 415 (xlsx-container.ts and
 * the reader say so); any other failure is a fault and propagates.
 */
export async function readImportRows(
  file: Buffer,
  kind: MemberImportKind = 'members',
): Promise<ImportRowCells[]> {
  const container = openXlsxContainer(file);
  const rows: ImportRowCells[] = [];
  let columns: Array<MemberImportColumn | undefined> | null = null;
  for await (const row of firstSheetRows(container)) {
    const values = row.values.map(importCellText);
    if (columns === null) {
      columns = values.map((text) => HEADER_COLUMNS.get(headerKey(text)));
      const has = (column: MemberImportColumn) => columns?.includes(column);
      const keyed = kind === 'sso' ? has('externalId') : has('mobile') || has('email');
      if (!has('name') || !keyed) throw new ApiError(400, 'errors.memberImport.badHeader');
      continue;
    }
    if (values.every((text) => text.trim() === '')) continue;
    if (rows.length === MEMBER_IMPORT_MAX_ROWS) {
      throw new ApiError(400, 'errors.memberImport.tooManyRows', { max: MEMBER_IMPORT_MAX_ROWS });
    }
    const cells: Required<ImportRowCells['cells']> = {
      externalId: '',
      name: '',
      mobile: '',
      email: '',
      department: '',
      superior: '',
      products: '',
    };
    values.forEach((text, index) => {
      const column = columns?.[index];
      if (column) cells[column] = text;
    });
    rows.push({ row: row.number, cells });
  }
  if (columns === null) throw new ApiError(400, 'errors.memberImport.badHeader');
  if (rows.length === 0) throw new ApiError(400, 'errors.memberImport.empty');
  return rows;
}
