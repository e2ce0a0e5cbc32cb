import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import type { AccountProduct } from '../repositories/products-repository';
import type { ServiceContext } from './service-context';

/** Sets where a product lives (the operator's product:url); answers false for an unknown product code. */
export async function setProductWebUrl(context: ServiceContext, code: string, url: string): Promise<boolean> {
  return readRepositories(context.db).products.setWebUrl(code, url);
}

/** Every product as one member of the organisation sees it: whether they may open it, and where it lives. */
export function accountProducts(
  db: Kysely<Database>,
  orgId: number,
  accountId: number,
): Promise<AccountProduct[]> {
  return readRepositories(db).products.listForAccount(orgId, accountId);
}

/** The member's products the card home shows: those the administrator's display settings hide are left out. */
export async function cardProducts(
  db: Kysely<Database>,
  orgId: number,
  accountId: number,
): Promise<AccountProduct[]> {
  const repos = readRepositories(db);
  const [products, hidden] = await Promise.all([
    repos.products.listForAccount(orgId, accountId),
    repos.authorisation.hiddenProductCodes(orgId),
  ]);
  return products.filter((product) => !hidden.has(product.code));
}
