import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/tables';

/** A query over products read as `p`. */
type WithProducts = Database & { p: Database['products'] };

/**
 * How many of the organisation's members (removed ones hold no seat) hold the product of the outer query's
 * row `p`: a correlated count, for the product lists of organisation details and product authorisation.
 */
export function productHolderCount(eb: ExpressionBuilder<WithProducts, 'p'>, orgId: number) {
  return eb
    .selectFrom('account_products as ap')
    .innerJoin('accounts as a', 'a.id', 'ap.account_id')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('ap.product_id', '=', 'p.id')
    .where('ap.org_id', '=', orgId)
    .where('a.status', '!=', 'removed');
}
