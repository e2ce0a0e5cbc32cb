import type { Kysely } from 'kysely';
import type { Language } from '../../domain/constants';
import { LANGUAGES } from '../../domain/constants';
import { type MessageKey } from '../../domain/i18n';
import { translate, translateIfKnown } from '../core/translate';
import {
  checkImportRows,
  departmentPaths,
  type ImportRowCells,
  importCellText,
  resolveImportRows,
} from '../../domain/rules/member-import';
import {
  MEMBER_IMPORT_COLUMNS,
  SSO_IMPORT_COLUMNS,
  type MemberImportKind,
  MEMBER_IMPORT_MAX_PROBLEMS,
  MEMBER_IMPORT_MAX_ROWS,
  type MemberImportColumn,
  type MemberImportReport,
} from '../../domain/schemas/member-import';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { createMemberImportRepository } from '../repositories/member-import-repository';
import { createRepositories } from '../repositories';
import { HIGH_ENTROPY_PASSWORD_LENGTH, randomPassword } from '../security/one-time-password';
import { hashOneTimePassword } from '../security/password-hasher';
import type { Operator } from '../core/operator';
import {
  type InitialPasswordEntry,
  narrowPasswordFile,
  type PasswordFileTicket,
  savePasswordFile,
} from './import-password-file';
import { type DeliveryDeps, deliverInitialPassword, deliveryChannel } from './initial-password-delivery';
import { openXlsxContainer } from './xlsx-container';
import { firstSheetRows } from './xlsx-sheet-reader';
import { logMessage } from '../../domain/rules/operation-log-content';

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

/** Initial passwords sent at once while the import answers: a few at a time, stopping at the first miss. */
const DELIVERY_CONCURRENCY = 4;

/** What an import needs to send each member their own initial password (absent: none is sent). */
export interface ImportDelivery extends DeliveryDeps {
  /** The member's language of the mail or message: the importing administrator's. */
  lang: Language;
}

/**
 * Imports the members of a filled template into the organisation, all of them or none: every row is
 * checked first (format, duplicates in the file and in the deployment, departments, products, seats,
 * superiors), and only a file without a problem is written, in one transaction with one operation-log row.
 * Every imported member gets their own generated initial password of about 87 bits, stored in the one-time
 * (fast) scheme (password-hasher.ts: argon2id for 10,000 rows would take minutes, and is needless for a random
 * secret) and changed at the first sign-in. Where mail or SMS reaches a member (`delivery`), the password is
 * sent to them; the others' are kept for one download by the importer (import-password-file.ts), saved in
 * the import's transaction. The passwords never reach a log.
 */
export async function importMembers(
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  file: Buffer,
  options: { language: Language; now: number; kind?: MemberImportKind; delivery?: ImportDelivery },
): Promise<MemberImportReport> {
  const kind = options.kind ?? 'members';
  const cells = await readImportRows(file, kind);
  const checked = checkImportRows(cells, kind);
  let written: Awaited<ReturnType<typeof writeImport>>;
  try {
    written = await writeImport(db, orgId, operator, checked, { ...options, kind });
  } catch (error) {
    // A member added at the same moment took a name of the file: nothing was written.
    if (
      error instanceof Error &&
      /unique/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`)
    ) {
      throw new ApiError(409, 'errors.members.accountTaken');
    }
    throw error;
  }
  const { report, members, ticket } = written;
  if (!ticket) return { ...report, Sent: 0, PasswordFile: null };
  const sent = options.delivery
    ? await deliverPasswords(options.delivery, orgId, members, options.now)
    : new Set<number>();
  const kept =
    sent.size === 0
      ? ticket
      : await narrowPasswordFile(
          db,
          ticket,
          members.filter((_, i) => !sent.has(i)),
        );
  return {
    ...report,
    Sent: sent.size,
    PasswordFile: kept && { ID: kept.token, Count: kept.entries, ExpiresAt: kept.expiresAt },
  };
}

/** A member just imported with their initial password and where it may be sent. */
interface ImportedMember extends InitialPasswordEntry {
  mobile: string | null;
  email: string | null;
}

/**
 * Sends imported members their own initial password where mail or SMS reaches them, a few at a time (the
 * organisation's hourly cap of initial-password sends holds). The first one not sent (a refused or slow
 * send, the cap reached) stops the rest: they stay in the administrator's download. Answers which
 * members (by index) were sent theirs.
 */
async function deliverPasswords(
  delivery: ImportDelivery,
  orgId: number,
  members: readonly ImportedMember[],
  now: number,
): Promise<Set<number>> {
  const recipient = (member: ImportedMember) => ({
    mobile: member.mobile,
    email: member.email,
    lang: delivery.lang,
  });
  const queue = members.flatMap((member, index) =>
    deliveryChannel(delivery.senders, recipient(member)) ? [index] : [],
  );
  const sent = new Set<number>();
  let stopped = false;
  const worker = async () => {
    for (let index = queue.shift(); index !== undefined && !stopped; index = queue.shift()) {
      const member = members[index];
      const outcome = await deliverInitialPassword(delivery, orgId, recipient(member), member.password, now);
      if (outcome?.Sent) sent.add(index);
      else stopped = true;
    }
  };
  await Promise.all(Array.from({ length: DELIVERY_CONCURRENCY }, worker));
  return sent;
}

/** The checks against the database and, when none fails, the writes: one transaction. */
async function writeImport(
  db: Kysely<Database>,
  orgId: number,
  operator: Operator,
  checked: ReturnType<typeof checkImportRows>,
  options: { language: Language; now: number; kind: MemberImportKind },
): Promise<{
  report: Pick<MemberImportReport, 'Imported' | 'Problems' | 'ProblemCount'>;
  members: ImportedMember[];
  ticket: PasswordFileTicket | null;
}> {
  const productNames = (code: string) =>
    LANGUAGES.map((lang) => translateIfKnown(lang, `products.${code}.name`)).filter(
      (name) => !name.startsWith('products.'),
    );
  return db.transaction().execute(async (trx) => {
    const repos = createRepositories(trx);
    const store = createMemberImportRepository(trx);
    await repos.members.lockOrganization(orgId);
    const mobiles = checked.rows.flatMap((row) => (row.mobile === null ? [] : [row.mobile]));
    const emails = checked.rows.flatMap((row) => (row.email === null ? [] : [row.email]));
    const superiors = [
      ...new Set(checked.rows.flatMap((row) => (row.superior === null ? [] : [row.superior]))),
    ];
    const externalIds = checked.rows.flatMap((row) => (row.externalId === null ? [] : [row.externalId]));
    const [taken, departments, licensed, members, takenExternalIds] = [
      await store.takenNames(mobiles, emails),
      await store.departments(orgId),
      await repos.authorisation.licensedProducts(orgId),
      await store.membersByName(orgId, superiors),
      await store.takenExternalIds(orgId, externalIds),
    ];
    const resolved = resolveImportRows(checked.rows, {
      taken,
      departments: departmentPaths(departments),
      products: licensed.map((p) => ({
        code: p.code,
        names: productNames(p.code),
        seats: p.seats,
        used: p.used,
      })),
      members,
      takenExternalIds,
    });
    const problems = [...checked.problems, ...resolved.problems].sort((a, b) => a.Row - b.Row);
    if (problems.length > 0) {
      return {
        report: {
          Imported: 0,
          Problems: problems.slice(0, MEMBER_IMPORT_MAX_PROBLEMS),
          ProblemCount: problems.length,
        },
        members: [],
        ticket: null,
      };
    }
    const accounts = resolved.rows.map((row) => ({
      realName: row.name,
      mobile: row.mobile,
      email: row.email,
      deptId: row.deptId,
      superiorId: row.superior && 'id' in row.superior ? row.superior.id : null,
      lang: options.language,
      loginType: options.kind === 'sso' ? (2 as const) : (0 as const),
      externalId: row.externalId ?? '',
      passwordHash: '',
    }));
    // Each row's new account id, in row order. SSO accounts sign in at the identity provider: no password.
    let rowIds: number[];
    let imported: ImportedMember[] = [];
    if (options.kind === 'sso') {
      rowIds = await store.insertSsoAccounts(orgId, accounts, options.now);
    } else {
      imported = resolved.rows.map((row) => ({
        account: row.mobile ?? row.email ?? '',
        name: row.name,
        password: randomPassword(HIGH_ENTROPY_PASSWORD_LENGTH),
        mobile: row.mobile,
        email: row.email,
      }));
      const withHashes = accounts.map((account, index) => ({
        ...account,
        passwordHash: hashOneTimePassword(imported[index].password),
      }));
      const ids = await store.insertMembers(orgId, withHashes, options.now);
      rowIds = resolved.rows.map((row) => ids.get(row.email ?? row.mobile ?? '') ?? 0);
      if (rowIds.includes(0)) throw new Error('an imported member was not written');
    }
    const idOf = new Map<string, number>();
    resolved.rows.forEach((row, index) => {
      if (row.mobile !== null) idOf.set(row.mobile, rowIds[index]);
      if (row.email !== null) idOf.set(row.email, rowIds[index]);
    });
    const productId = new Map(licensed.map((p) => [p.code, p.id]));
    const grants = resolved.rows.flatMap((row, index) =>
      row.products.map((code) => ({ accountId: rowIds[index], productId: productId.get(code) ?? 0 })),
    );
    await store.grantProducts(orgId, grants, options.now);
    const bySuperior = new Map<number, number[]>();
    resolved.rows.forEach((row, index) => {
      if (!row.superior || !('account' in row.superior)) return;
      const superiorId = idOf.get(row.superior.account);
      if (superiorId === undefined) return;
      bySuperior.set(superiorId, [...(bySuperior.get(superiorId) ?? []), rowIds[index]]);
    });
    await store.setSuperiors(orgId, bySuperior);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'member',
      content: logMessage(
        options.kind === 'sso'
          ? 'operationLog.content.ssoAccountsImported'
          : 'operationLog.content.membersImported',
        { count: resolved.rows.length },
      ),
      now: options.now,
    });
    const ticket =
      imported.length === 0 ? null : await savePasswordFile(trx, orgId, operator.id, imported, options.now);
    return {
      report: { Imported: resolved.rows.length, Problems: [], ProblemCount: 0 },
      members: imported,
      ticket,
    };
  });
}
