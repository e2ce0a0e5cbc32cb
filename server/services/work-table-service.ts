import type { Kysely } from 'kysely';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { readRepositories, withTransaction } from '../repositories';

/** The member whose own work table it is. */
interface Member {
  orgId: number;
  accountId: number;
}

/** A member's own work-table settings: the products they pinned or hid. */
export function workTableSettings(db: Kysely<Database>, member: Member) {
  return readRepositories(db).workTable.list(member.orgId, member.accountId);
}

/** Pins or hides a product on the member's own work table; an unknown product code 404. */
export async function saveWorkTableSetting(
  db: Kysely<Database>,
  member: Member,
  code: string,
  setting: { pinned: boolean; hidden: boolean },
  now: number,
): Promise<void> {
  const [product] = await readRepositories(db).products.findByCodes([code]);
  if (!product) throw new ApiError(404, 'errors.workTable.unknownProduct');
  await withTransaction(db, (repos) =>
    repos.workTable.save(member.orgId, member.accountId, Number(product.id), setting, now),
  );
}
