import type { Kysely } from 'kysely';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { readRepositories, withTransaction } from '../repositories';

/** Whose account a preference belongs to: always the signed-in user's own, in their organisation. */
export interface OwnAccount {
  orgId: number;
  accountId: number;
}

/** One account of the organisation with its organisation's and department's names; 404 when it has none. */
export async function accountBasicInfo(db: Kysely<Database>, orgId: number, accountId: number) {
  const row = await readRepositories(db).accounts.findBasicInfo(orgId, accountId);
  if (!row) throw new ApiError(404, 'errors.request.notFound');
  return row;
}

/** Sets the account's language, remembered as chosen so the browser's no longer decides it. */
export async function setAccountLanguage(db: Kysely<Database>, own: OwnAccount, lang: string): Promise<void> {
  await withTransaction(db, (repos) => repos.accounts.setLanguage(own.orgId, own.accountId, lang));
}

/** Sets which version of the interface the account opens. */
export async function setAccountUiVersion(
  db: Kysely<Database>,
  own: OwnAccount,
  uiVersion: string,
): Promise<void> {
  await withTransaction(db, (repos) => repos.accounts.setUiVersion(own.orgId, own.accountId, uiVersion));
}
