import type { Kysely } from 'kysely';
import type { Language } from '../../domain/constants';
import { LANGUAGES } from '../../domain/constants';
import {} from '../../domain/i18n';
import { translateIfKnown } from '../core/translate';
import { checkImportRows, departmentPaths, resolveImportRows } from '../../domain/rules/member-import';
import {
  type MemberImportKind,
  MEMBER_IMPORT_MAX_PROBLEMS,
  type MemberImportReport,
} from '../../domain/schemas/member-import';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { withTransaction } from '../repositories';
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
import { readImportRows } from '../files/member-import-workbook';
import type { OrgChangeContext } from './service-context';
import { logMessage } from '../../domain/rules/operation-log-content';
import type { SecretBox } from '../security/secret-box';

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
  context: OrgChangeContext,
  file: Buffer,
  options: {
    language: Language;
    kind?: MemberImportKind;
    delivery?: ImportDelivery;
    /** Keeps the download's token for the dialog to offer again (the portal; the CLI has no dialog). */
    secrets?: SecretBox;
  },
): Promise<MemberImportReport> {
  const { db, orgId, operator, now } = context;
  const kind = options.kind ?? 'members';
  const cells = await readImportRows(file, kind);
  const checked = checkImportRows(cells, kind);
  let written: Awaited<ReturnType<typeof writeImport>>;
  try {
    written = await writeImport(db, orgId, operator, checked, { ...options, kind, now });
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
    ? await deliverPasswords(options.delivery, orgId, members, now)
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
  options: { language: Language; now: number; kind: MemberImportKind; secrets?: SecretBox },
): Promise<{
  report: Pick<MemberImportReport, 'Imported' | 'Problems' | 'ProblemCount'>;
  members: ImportedMember[];
  ticket: PasswordFileTicket | null;
}> {
  const productNames = (code: string) =>
    LANGUAGES.map((lang) => translateIfKnown(lang, `products.${code}.name`)).filter(
      (name) => !name.startsWith('products.'),
    );
  return withTransaction(db, async (repos, trx) => {
    const store = repos.memberImport;
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
      imported.length === 0
        ? null
        : await savePasswordFile(trx, orgId, operator.id, imported, options.now, options.secrets);
    return {
      report: { Imported: resolved.rows.length, Problems: [], ProblemCount: 0 },
      members: imported,
      ticket,
    };
  });
}
