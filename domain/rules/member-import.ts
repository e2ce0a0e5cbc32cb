import type { MessageParams } from '../i18n/lookup';
import {
  EXTERNAL_ID_MAX_LENGTH,
  type MemberImportColumn,
  type MemberImportKind,
  type MemberImportProblem,
} from '../schemas/member-import';
import { MEMBER_NAME_MAX_LENGTH } from '../schemas/members';
import { EMAIL_PATTERN, MOBILE_PATTERN } from './account-identifier';
import { normaliseMobile, parseMemberAccount } from './members';

/** One row of a filled template as text, `row` being its spreadsheet row number (the header is row 1). */
export interface ImportRowCells {
  row: number;
  /** The cells by column; `externalId` only in the SSO-account template. */
  cells: Record<Exclude<MemberImportColumn, 'externalId'>, string> & { externalId?: string };
}

/** A row whose cells are well formed, folded the way duplicates are compared. */
export interface CheckedImportRow {
  row: number;
  /** The identity provider's user id (SSO accounts), or null. */
  externalId: string | null;
  name: string;
  mobile: string | null;
  email: string | null;
  /** Department names from the top, or empty for no department. */
  department: string[];
  /** The direct superior's mobile or email (folded), or null. */
  superior: string | null;
  products: string[];
}

/** What the database holds that the rows are checked against. */
export interface ImportContext {
  /** Mobile numbers and emails any account of the deployment already has (former members too). */
  taken: ReadonlySet<string>;
  /** Department id by its path key (see departmentPathKey). */
  departments: ReadonlyMap<string, number>;
  /** The organisation's licensed products: the code, names it may be written as, seats (null: no limit). */
  products: ReadonlyArray<{ code: string; names: readonly string[]; seats: number | null; used: number }>;
  /** Member id by mobile or email, for the organisation's members (possible superiors). */
  members: ReadonlyMap<string, number>;
  /** External ids the organisation's SSO accounts already have. */
  takenExternalIds?: ReadonlySet<string>;
}

/** A row ready to be written: department and products resolved; a superior by id or by a row's account. */
export interface ResolvedImportRow extends Omit<CheckedImportRow, 'department' | 'superior'> {
  deptId: number | null;
  superior: { id: number } | { account: string } | null;
}

const EMAIL_MAX_LENGTH = 254;
const COLUMN_ORDER: readonly MemberImportColumn[] = [
  'externalId',
  'name',
  'mobile',
  'email',
  'department',
  'superior',
  'products',
];

/** Text as compared: full-width forms folded (NFKC), outer spaces gone. */
const fold = (text: string) => text.normalize('NFKC').trim();

/** The key a department path is looked up by: its names, each folded, joined by '/'. */
export function departmentPathKey(names: readonly string[]): string {
  return names.map(fold).join('/');
}

/** Every department's path key (`R&D/Chemistry`) with its id, from the organisation's flat list. */
export function departmentPaths(
  departments: ReadonlyArray<{ id: number; parentId: number | null; name: string }>,
): Map<string, number> {
  const byId = new Map(departments.map((d) => [d.id, d]));
  const paths = new Map<string, number>();
  for (const department of departments) {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let at: typeof department | undefined = department; at && !seen.has(at.id);) {
      seen.add(at.id);
      names.unshift(at.name);
      at = at.parentId === null ? undefined : byId.get(at.parentId);
    }
    paths.set(departmentPathKey(names), department.id);
  }
  return paths;
}

/** Collects problems, in row then column order at the end. */
function problemList() {
  const problems: MemberImportProblem[] = [];
  return {
    problems,
    add(
      row: number,
      column: MemberImportColumn | null,
      key: MemberImportProblem['key'],
      params?: MessageParams,
    ) {
      problems.push(params ? { Row: row, Column: column, key, params } : { Row: row, Column: column, key });
    },
    sorted: () =>
      problems.sort(
        (a, b) =>
          a.Row - b.Row ||
          (a.Column ? COLUMN_ORDER.indexOf(a.Column) : -1) - (b.Column ? COLUMN_ORDER.indexOf(b.Column) : -1),
      ),
  };
}

/**
 * Checks each row on its own and against the rows above it: a name (at most 50 characters), a mobile
 * number or an email (at least one, each well formed), a superior that is a mobile or email, and no
 * mobile or email twice in the file (spaces, hyphens, +86 and full-width digits folded first). Every row
 * comes back, for resolveImportRows to check the rest; a mobile or email with a problem comes back null.
 */
export function checkImportRows(
  rows: readonly ImportRowCells[],
  kind: MemberImportKind = 'members',
): {
  rows: CheckedImportRow[];
  problems: MemberImportProblem[];
} {
  const list = problemList();
  const firstRowOf = new Map<string, number>();
  const firstExternal = new Map<string, number>();
  const checked: CheckedImportRow[] = [];
  for (const { row, cells } of rows) {
    const before = list.problems.length;
    const externalId = kind === 'sso' ? fold(cells.externalId ?? '') || null : null;
    if (kind === 'sso') {
      if (externalId === null) list.add(row, 'externalId', 'errors.memberImport.externalIdRequired');
      else if (externalId.length > EXTERNAL_ID_MAX_LENGTH)
        list.add(row, 'externalId', 'errors.memberImport.externalIdTooLong', { max: EXTERNAL_ID_MAX_LENGTH });
      else if (firstExternal.has(externalId))
        list.add(row, 'externalId', 'errors.memberImport.duplicateInFile', {
          row: firstExternal.get(externalId) ?? 0,
        });
      else firstExternal.set(externalId, row);
    }
    const name = fold(cells.name);
    if (!name) list.add(row, 'name', 'errors.memberImport.nameRequired');
    else if (name.length > MEMBER_NAME_MAX_LENGTH)
      list.add(row, 'name', 'errors.memberImport.nameTooLong', { max: MEMBER_NAME_MAX_LENGTH });
    const mobileText = fold(cells.mobile);
    const mobile = mobileText ? normaliseMobile(mobileText) : null;
    if (mobile !== null && !MOBILE_PATTERN.test(mobile))
      list.add(row, 'mobile', 'errors.memberImport.invalidMobile');
    const email = fold(cells.email).toLowerCase() || null;
    if (email !== null && (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)))
      list.add(row, 'email', 'errors.memberImport.invalidEmail');
    if (kind === 'members' && mobile === null && email === null)
      list.add(row, 'mobile', 'errors.memberImport.accountRequired');
    for (const [column, value] of [
      ['mobile', mobile],
      ['email', email],
    ] as const) {
      if (value === null) continue;
      const first = firstRowOf.get(value);
      if (first === undefined) firstRowOf.set(value, row);
      else list.add(row, column, 'errors.memberImport.duplicateInFile', { row: first });
    }
    const superiorText = fold(cells.superior);
    const superior = superiorText ? parseMemberAccount(superiorText) : null;
    if (superior?.kind === 'invalid') list.add(row, 'superior', 'errors.memberImport.invalidSuperior');
    // A row with a problem is still checked against the database, so one answer lists all of its
    // problems; what is already wrong (or a duplicate) is left out of those checks.
    const wrong = (column: MemberImportColumn) =>
      list.problems.slice(before).some((problem) => problem.Column === column);
    checked.push({
      row,
      externalId: wrong('externalId') ? null : externalId,
      name,
      mobile: wrong('mobile') ? null : mobile,
      email: wrong('email') ? null : email,
      department: cells.department.split('/').map(fold).filter(Boolean),
      superior: superior && superior.kind !== 'invalid' ? superior.value : null,
      products: [
        ...new Set(
          cells.products
            .split(/[,，;；、\n]+/)
            .map(fold)
            .filter(Boolean),
        ),
      ],
    });
  }
  return { rows: checked, problems: list.sorted() };
}

/**
 * Checks well-formed rows against the database: mobile or email already taken, a department path or a
 * product the organisation does not have, more holders of a product than its seats (the row that would
 * take one seat too many), and a superior who is neither a member nor another row of the file.
 */
export function resolveImportRows(
  rows: readonly CheckedImportRow[],
  context: ImportContext,
): { rows: ResolvedImportRow[]; problems: MemberImportProblem[] } {
  const list = problemList();
  const inFile = new Set(rows.flatMap((r) => [r.mobile, r.email]).filter((v): v is string => v !== null));
  const holders = new Map(context.products.map((p) => [p.code, p.used]));
  const productOf = (text: string) => {
    const upper = text.toUpperCase();
    return context.products.find((p) => p.code.toUpperCase() === upper || p.names.includes(text));
  };
  const resolved: ResolvedImportRow[] = [];
  for (const row of rows) {
    const before = list.problems.length;
    if (row.externalId !== null && context.takenExternalIds?.has(row.externalId))
      list.add(row.row, 'externalId', 'errors.memberImport.externalIdTaken', { externalId: row.externalId });
    if (row.mobile !== null && context.taken.has(row.mobile))
      list.add(row.row, 'mobile', 'errors.memberImport.accountTaken', { account: row.mobile });
    if (row.email !== null && context.taken.has(row.email))
      list.add(row.row, 'email', 'errors.memberImport.accountTaken', { account: row.email });
    const path = departmentPathKey(row.department);
    const deptId = row.department.length === 0 ? null : (context.departments.get(path) ?? null);
    if (row.department.length > 0 && deptId === null)
      list.add(row.row, 'department', 'errors.memberImport.unknownDepartment', { department: path });
    const codes: string[] = [];
    for (const text of row.products) {
      const product = productOf(text);
      if (!product) {
        list.add(row.row, 'products', 'errors.memberImport.unknownProduct', { product: text });
        continue;
      }
      if (codes.includes(product.code)) continue;
      codes.push(product.code);
      const used = (holders.get(product.code) ?? 0) + 1;
      holders.set(product.code, used);
      if (product.seats !== null && used === product.seats + 1)
        list.add(row.row, 'products', 'errors.memberImport.seatsExceeded', {
          product: product.code,
          seats: product.seats,
        });
    }
    let superior: ResolvedImportRow['superior'] = null;
    if (row.superior !== null) {
      const id = context.members.get(row.superior);
      if (row.superior === row.mobile || row.superior === row.email)
        list.add(row.row, 'superior', 'errors.memberImport.superiorSelf');
      else if (id !== undefined) superior = { id };
      else if (inFile.has(row.superior)) superior = { account: row.superior };
      else list.add(row.row, 'superior', 'errors.memberImport.unknownSuperior', { account: row.superior });
    }
    if (list.problems.length > before) continue;
    resolved.push({
      row: row.row,
      name: row.name,
      externalId: row.externalId,
      mobile: row.mobile,
      email: row.email,
      deptId,
      superior,
      products: codes,
    });
  }
  return { rows: resolved, problems: list.sorted() };
}

/**
 * A cell's text as imported: never a formula. A formula cell gives its formula written out (`=SUM(A1)`),
 * so a cell that starts with = + - or @ is stored as the text it shows, and nothing is evaluated.
 */
export function importCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { formula?: unknown; sharedFormula?: unknown; richText?: unknown; text?: unknown };
    const formula = cell.formula ?? cell.sharedFormula;
    if (typeof formula === 'string') return `=${formula}`;
    if (Array.isArray(cell.richText))
      return cell.richText
        .map((run: { text?: unknown }) => (typeof run.text === 'string' ? run.text : ''))
        .join('');
    if (typeof cell.text === 'string') return cell.text;
  }
  return '';
}
