import type { Kysely } from 'kysely';
import {
  type LicenceMode,
  type LicenceChange,
  nextLicences,
  seatOverflow,
} from '../../domain/rules/authorisation';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { LicensedProduct } from '../repositories/authorisation-repository';
import type { Operator } from '../core/operator';
import { type LogMessage, logList, logMessage } from '../../domain/rules/operation-log-content';
import type { OrgChangeContext } from './service-context';

/** The operation-log module of the Authorisation screen (its menu code). */
const MODULE = 'authorize';

async function log(repos: Repositories, orgId: number, operator: Operator, content: LogMessage, now: number) {
  await repos.operationLogs.insert({
    orgId,
    operatorId: operator.id,
    operatorName: operator.name,
    module: MODULE,
    content,
    now,
  });
}

/**
 * Sets the picked members' licences to the chosen products of the organisation's licences (or adds or
 * removes them), all members in one transaction with the operation-log row. Refused, changing nothing: no
 * member picked (400), a product the organisation is not licensed for (400), a member not of the
 * organisation (404), or a product that would need more seats than it has (409, naming it).
 */
export async function authorizeMembers(
  context: OrgChangeContext,
  input: { ids: number[]; products: string[]; mode: LicenceMode },
): Promise<void> {
  const { db, orgId, operator, now } = context;
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) throw new ApiError(400, 'errors.authorize.noneSelected');
  await withTransaction(db, async (repos) => {
    // Two batches at once must not both take the last seat: on PostgreSQL they queue on the organisation.
    await repos.members.lockOrganization(orgId);
    const licensed = await repos.authorisation.licensedProducts(orgId);
    const chosen = [...new Set(input.products.map((code) => code.trim().toUpperCase()))];
    const unknown = chosen.find((code) => !licensed.some((product) => product.code === code));
    if (unknown) throw new ApiError(400, 'errors.authorize.unknownProduct', { product: unknown });
    const members = await repos.members.findMembers(orgId, ids);
    if (members.length !== ids.length) throw new ApiError(404, 'errors.request.notFound');
    const held = await repos.authorisation.holdings(orgId, ids);
    const order = licensed.map((product) => product.code);
    const codeOf = new Map(licensed.map((product) => [product.id, product.code]));
    const changes: Array<LicenceChange & { id: number }> = ids.map((id) => {
      const before = (held.get(id) ?? []).flatMap((productId) => codeOf.get(productId) ?? []);
      return { id, before, after: nextLicences(before, chosen, input.mode, order) };
    });
    const overflow = seatOverflow(
      licensed.map((product) => ({ code: product.code, seats: product.seats, used: product.used })),
      changes,
    );
    if (overflow) {
      throw seatsRefusal(overflow.code, overflow.seats ?? 0, overflow.used);
    }
    const idOf = new Map(licensed.map((product) => [product.code, product.id]));
    const licensedIds = licensed.map((product) => product.id);
    for (const change of changes) {
      const productIds = change.after.flatMap((code) => idOf.get(code) ?? []);
      await repos.authorisation.replaceLicences(orgId, change.id, licensedIds, productIds, now);
    }
    const key = (
      {
        set: 'operationLog.content.licencesSet',
        add: 'operationLog.content.licencesGranted',
        remove: 'operationLog.content.licencesRevoked',
      } as const
    )[input.mode];
    const names = logList(members.map((member) => member.real_name));
    const products = logList(chosen, 'operationLog.words.none');
    await log(repos, orgId, operator, logMessage(key, { names, products }), now);
  });
}

/** Shows exactly the named products on the organisation's members' card homes; unknown codes are refused. */
export async function saveDisplaySettings(context: OrgChangeContext, shown: string[]): Promise<void> {
  const { db, orgId, operator, now } = context;
  await withTransaction(db, async (repos) => {
    const all = await repos.products.listForAccount(orgId, 0);
    const codes = new Set(shown.map((code) => code.trim().toUpperCase()));
    const unknown = [...codes].find((code) => !all.some((product) => product.code === code));
    if (unknown) throw new ApiError(400, 'errors.authorize.unknownProduct', { product: unknown });
    const hidden = all.filter((product) => !codes.has(product.code));
    await repos.authorisation.setHiddenProducts(
      orgId,
      hidden.map((product) => product.id),
      now,
    );
    await log(
      repos,
      orgId,
      operator,
      logMessage('operationLog.content.displaySettingsSet', {
        shown: logList([...codes], 'operationLog.words.none'),
        hidden: logList(
          hidden.map((p) => p.code),
          'operationLog.words.none',
        ),
      }),
      now,
    );
  });
}

/** The seats refusal: the product named by its name in the reader's language, the seat count in right grammar. */
function seatsRefusal(product: string, seats: number, needed: number): ApiError {
  const key =
    seats === 0
      ? 'errors.authorize.seatsExceededNone'
      : seats === 1
        ? 'errors.authorize.seatsExceededOne'
        : 'errors.authorize.seatsExceeded';
  return new ApiError(409, key, { product, seats, needed });
}

/**
 * For other changes that give members licences (adding a member with products, restoring a former one):
 * call inside their transaction after the grant; refuses with the seats error (rolling it back) when one of
 * `gained` now has more holders than seats. Products already over their seats are refused only when gained.
 */
export async function refuseOverSeats(repos: Repositories, orgId: number, gained: string[]): Promise<void> {
  if (gained.length === 0) return;
  const licensed = await repos.authorisation.licensedProducts(orgId);
  const over = licensed.find(
    (product) => gained.includes(product.code) && product.seats !== null && product.used > product.seats,
  );
  if (over) {
    throw seatsRefusal(over.code, over.seats ?? 0, over.used);
  }
}

/**
 * Sets how many members may hold one of the organisation's licensed products (`seats` null: unlimited), with
 * the operation-log row, in one transaction. Answers the product as it was licensed (with how many members
 * hold it), or null when the organisation is not licensed for `code` (nothing written).
 */
export async function setProductSeats(
  context: OrgChangeContext,
  code: string,
  seats: number | null,
): Promise<LicensedProduct | null> {
  const { db, orgId, operator, now } = context;
  return withTransaction(db, async (repos) => {
    const product = (await repos.authorisation.licensedProducts(orgId)).find((row) => row.code === code);
    if (!product) return null;
    await repos.authorisation.setSeats(orgId, product.id, seats);
    await log(
      repos,
      orgId,
      operator,
      logMessage('operationLog.content.seatsSet', {
        product: code,
        seats: seats ?? logMessage('operationLog.words.unlimited'),
      }),
      now,
    );
    return product;
  });
}

/** The products the organisation is licensed for, with their seats and how many are taken. */
export function licensedProducts(db: Kysely<Database>, orgId: number): Promise<LicensedProduct[]> {
  return readRepositories(db).authorisation.licensedProducts(orgId);
}

/** One product's line on the members' card homes' display settings. */
export interface ProductDisplay {
  code: string;
  authorized: boolean;
  shown: boolean;
}

/** Every product, whether the organisation is licensed for it and whether its card is shown to members. */
export async function productDisplaySettings(db: Kysely<Database>, orgId: number): Promise<ProductDisplay[]> {
  const repos = readRepositories(db);
  const [products, licensed, hidden] = await Promise.all([
    repos.products.listForAccount(orgId, 0),
    repos.authorisation.licensedProducts(orgId),
    repos.authorisation.hiddenProductCodes(orgId),
  ]);
  return products.map((product) => ({
    code: product.code,
    authorized: licensed.some((row) => row.code === product.code),
    shown: !hidden.has(product.code),
  }));
}
