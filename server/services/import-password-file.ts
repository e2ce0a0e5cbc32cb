import { createHash, randomBytes } from 'node:crypto';
import type { MessageKey } from '../../domain/i18n';
import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import { DAY_MS, type Language } from '../../domain/constants';
import { translate } from '../core/translate';
import { spreadsheetText } from '../../domain/rules/operation-log';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { createSecretBox, type SecretBox } from '../security/secret-box';
import { streamWorkbook } from '../files/xlsx-stream-writer';

/**
 * How long a bulk import's initial passwords wait for their one download: a day, so an administrator who
 * closed the dialog too soon can still take them from the import dialog.
 */
export const IMPORT_PASSWORD_FILE_TTL_MS = DAY_MS;

/** One imported member's initial password, as the download lists it. */
export interface InitialPasswordEntry {
  account: string;
  name: string;
  password: string;
}

/** The one-time download an import answers: its token (known only to the importer), count and end. */
export interface PasswordFileTicket {
  token: string;
  entries: number;
  expiresAt: number;
}

/** The row id of a download token: its SHA-256, so the database never holds the token itself. */
const fileId = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The key that seals a file, derived from its token: whoever reads the database without the token (a backup,
 * a replica) cannot open the passwords. The id is the token's plain SHA-256; the key a differently labelled
 * one, so neither gives the other.
 */
const boxOf = (token: string) =>
  createSecretBox(createHash('sha256').update('import-password-file:key:', 'utf8').update(token).digest());

const contextOf = (id: string) => `import_password_files:${id}`;
const tokenContextOf = (id: string) => `import_password_files:${id}:token`;

/**
 * Keeps initial passwords for one download by the importing administrator (null: the operator CLI), sealed,
 * for IMPORT_PASSWORD_FILE_TTL_MS; takes the transaction of the import so both land or neither. Expired files
 * of any organisation are deleted on the way. With `secrets` the token is kept too, sealed with the server's
 * key, so pendingPasswordFile can offer the download again.
 */
export async function savePasswordFile(
  db: Kysely<Database>,
  orgId: number,
  accountId: number | null,
  entries: readonly InitialPasswordEntry[],
  now: number,
  secrets?: SecretBox,
): Promise<PasswordFileTicket> {
  await db.deleteFrom('import_password_files').where('expires_at', '<=', now).execute();
  const token = randomBytes(32).toString('base64url');
  const id = fileId(token);
  const expiresAt = now + IMPORT_PASSWORD_FILE_TTL_MS;
  const rows = entries.map((entry) => [entry.account, entry.name, entry.password]);
  await db
    .insertInto('import_password_files')
    .values({
      id,
      org_id: orgId,
      account_id: accountId,
      entries: entries.length,
      sealed: boxOf(token).seal(JSON.stringify(rows), contextOf(id)),
      token_sealed: secrets ? secrets.seal(token, tokenContextOf(id)) : null,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, entries: entries.length, expiresAt };
}

/**
 * Narrows a kept file to the members whose password did not reach them by mail or SMS; deletes it when
 * none is left (null). The token and its expiry stay.
 */
export async function narrowPasswordFile(
  db: Kysely<Database>,
  ticket: PasswordFileTicket,
  remaining: readonly InitialPasswordEntry[],
): Promise<PasswordFileTicket | null> {
  const id = fileId(ticket.token);
  if (remaining.length === 0) {
    await db.deleteFrom('import_password_files').where('id', '=', id).execute();
    return null;
  }
  const rows = remaining.map((entry) => [entry.account, entry.name, entry.password]);
  await db
    .updateTable('import_password_files')
    .set({ entries: remaining.length, sealed: boxOf(ticket.token).seal(JSON.stringify(rows), contextOf(id)) })
    .where('id', '=', id)
    .execute();
  return { ...ticket, entries: remaining.length };
}

/**
 * Takes a kept file once: deleted as it is read, so a second fetch finds nothing. Only the administrator
 * who imported (the CLI: null) in that organisation, before its expiry; anything else is the same 404
 * (errors.memberImport.passwordFileGone), whether the file never existed, was taken, expired or is another's.
 */
export async function takePasswordFile(
  db: Kysely<Database>,
  orgId: number,
  accountId: number | null,
  token: string,
  now: number,
): Promise<InitialPasswordEntry[]> {
  const id = fileId(token);
  const taken = await db
    .deleteFrom('import_password_files')
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where((eb) => (accountId === null ? eb('account_id', 'is', null) : eb('account_id', '=', accountId)))
    .where('expires_at', '>', now)
    .returning('sealed')
    .executeTakeFirst();
  if (!taken) throw new ApiError(404, 'errors.memberImport.passwordFileGone');
  const rows = JSON.parse(boxOf(token).open(taken.sealed, contextOf(id))) as Array<[string, string, string]>;
  return rows.map(([account, name, password]) => ({ account, name, password }));
}

/**
 * The administrator's newest download still waiting in their organisation (null: none), with its token, so
 * the import dialog offers it again after it was closed. Another administrator's files are never listed.
 */
export async function pendingPasswordFile(
  db: Kysely<Database>,
  orgId: number,
  accountId: number,
  now: number,
  secrets: SecretBox,
): Promise<(PasswordFileTicket & { createdAt: number }) | null> {
  const row = await db
    .selectFrom('import_password_files')
    .select(['id', 'entries', 'token_sealed', 'created_at', 'expires_at'])
    .where('org_id', '=', orgId)
    .where('account_id', '=', accountId)
    .where('expires_at', '>', now)
    .where('token_sealed', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row?.token_sealed) return null;
  return {
    token: secrets.open(row.token_sealed, tokenContextOf(row.id)),
    entries: row.entries,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

/**
 * Streams the initial passwords as an .xlsx workbook (account, name, initial password) into `output`, in
 * `language`. Every cell is inline text that cannot start a formula (a name such as `=HYPERLINK(...)` keeps
 * a leading apostrophe). Resolves with the rows written; `output` is ended.
 */
export function writePasswordWorkbook(
  entries: readonly InitialPasswordEntry[],
  language: Language,
  output: Writable,
): Promise<number> {
  const t = (key: MessageKey) => translate(language, key);
  async function* rows() {
    for (const entry of entries) {
      yield {
        account: spreadsheetText(entry.account),
        name: spreadsheetText(entry.name),
        password: spreadsheetText(entry.password),
      };
    }
  }
  return streamWorkbook(
    output,
    t('memberImport.passwordFile.sheetName'),
    [
      { key: 'account', header: t('memberImport.passwordFile.account'), width: 30 },
      { key: 'name', header: t('memberImport.passwordFile.name'), width: 20 },
      { key: 'password', header: t('memberImport.passwordFile.password'), width: 28 },
    ],
    rows(),
  );
}
