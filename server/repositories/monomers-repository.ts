import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { isPostgres } from '../db/dialect';
import { MONOMER_SEARCH_TEXT } from '../db/migrations/0043-monomer-search';
import type { Database } from '../db/tables';
import type { MonomersTable } from '../db/tables/monomers';
import { MAX_IDS_PER_FILTER, memberListCache } from './member-list-cache';

/** A stored monomer row as the service reads it. */
export interface MonomerRow {
  id: number;
  orgId: number | null;
  symbol: string;
  name: string;
  polymerType: string;
  monomerType: string;
  naturalAnalog: string;
  smiles: string;
  structureKey: string;
  rGroups: string;
  isSystem: boolean;
  creatorName: string;
  updatedAt: number;
}

/** What is written for one monomer of an organisation. */
export type MonomerValues = Omit<MonomerRow, 'id' | 'orgId' | 'isSystem' | 'updatedAt'>;

const COLUMNS = [
  'id',
  'org_id',
  'symbol',
  'name',
  'polymer_type',
  'monomer_type',
  'natural_analog',
  'smiles',
  'structure_key',
  'r_groups',
  'is_system',
  'creator_name',
  'updated_at',
] as const;

type StoredRow = Pick<MonomersTable, Exclude<(typeof COLUMNS)[number], 'id'>> & { id: number };

const rowOf = (row: StoredRow): MonomerRow => ({
  id: Number(row.id),
  orgId: row.org_id === null ? null : Number(row.org_id),
  symbol: row.symbol,
  name: row.name,
  polymerType: row.polymer_type,
  monomerType: row.monomer_type,
  naturalAnalog: row.natural_analog,
  smiles: row.smiles,
  structureKey: row.structure_key,
  rGroups: row.r_groups,
  isSystem: row.is_system === 1,
  creatorName: row.creator_name,
  updatedAt: Number(row.updated_at),
});

/** A `like` pattern that finds `text` anywhere, its wildcards taken literally (backslash is the escape). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows of the organisation's library: its own monomers and the system ones every organisation sees. */
const visibleTo = (orgId: number) => (eb: ExpressionBuilder<Database, 'monomers'>) =>
  eb.or([eb('monomers.org_id', '=', orgId), eb('monomers.org_id', 'is', null)]);

/** A phrase for FTS5: the keyword with its quotes doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

const INSERT_CHUNK = 200;

/** The HELM monomer library; every call is scoped by the organisation (system rows are read-only to it). */
export function createMonomersRepository(db: Kysely<Database>) {
  const visible = (orgId: number) => db.selectFrom('monomers').where(visibleTo(orgId));
  const pg = isPostgres(db as Kysely<unknown>);
  const cache = memberListCache(db as Kysely<unknown>);

  /**
   * Symbol, name or SMILES containing the keyword (case-insensitive), from migration 0043's n-gram index:
   * pg_trgm over the three joined on PostgreSQL, the FTS5 trigram table on SQLite. A keyword under three characters
   * has no trigram, so SQLite reads the rows with `like` (its `like` ignores ASCII case by itself).
   */
  const keywordCondition = (keyword: string) => (eb: ExpressionBuilder<Database, 'monomers'>) => {
    if (!pg && [...keyword].length >= 3) {
      return sql<boolean>`${eb.ref('monomers.id')} in (select rowid from monomer_search where monomer_search match ${phrase(keyword)})`;
    }
    const pattern = containing(keyword);
    if (pg) return sql<boolean>`${sql.raw(MONOMER_SEARCH_TEXT)} like ${pattern} escape '\\'`;
    return eb.or(
      (['symbol', 'name', 'smiles'] as const).map(
        (name) => sql<boolean>`${eb.ref(name)} like ${pattern} escape '\\'`,
      ),
    );
  };

  return {
    /**
     * A page of the library, system monomers first, then by polymer type and symbol. The system rows (a few
     * dozen, org_id null) and the organisation's own are read apart: one `org_id = ? or org_id is null`
     * query cannot walk the (org_id, polymer_type, symbol) index in order, so every page sorted all the
     * organisation's rows; apart, the own rows come off the index already in the list's order.
     */
    async page(
      orgId: number,
      query: { pageIndex: number; pageSize: number; keyword?: string; polymerType?: string },
    ): Promise<{ total: number; rows: MonomerRow[] }> {
      const matching = <Q extends SelectQueryBuilder<Database, 'monomers', object>>(base: Q): Q => {
        let filtered = base;
        if (query.polymerType) filtered = filtered.where('polymer_type', '=', query.polymerType) as Q;
        if (query.keyword) filtered = filtered.where(keywordCondition(query.keyword)) as Q;
        return filtered;
      };
      const own = matching(db.selectFrom('monomers').where('org_id', '=', orgId));
      const offset = (query.pageIndex - 1) * query.pageSize;
      const version = await db
        .selectFrom('organizations')
        .select('monomers_version')
        .where('id', '=', orgId)
        .executeTakeFirst();
      // What the filter finds among the organisation's own monomers, kept while its monomers_version
      // (migration 0049) stays the same: its ids in the list's order, or past MAX_IDS_PER_FILTER its count.
      const key = `monomers:${orgId}:${JSON.stringify([query.polymerType ?? null, query.keyword ?? null])}`;
      const [system, found] = await Promise.all([
        matching(db.selectFrom('monomers').where('org_id', 'is', null))
          .select(COLUMNS)
          .orderBy('polymer_type')
          .orderBy('symbol')
          .orderBy('id')
          .execute(),
        cache.matches(key, Number(version?.monomers_version ?? 0), async () => {
          const listed = await own
            .select('id')
            .orderBy('polymer_type')
            .orderBy('symbol')
            .orderBy('id')
            .limit(MAX_IDS_PER_FILTER + 1)
            .execute();
          if (listed.length <= MAX_IDS_PER_FILTER) {
            return { total: listed.length, ids: listed.map((row) => Number(row.id)), values: null };
          }
          const counted = await own
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow();
          return { total: Number(counted.count), ids: null, values: null };
        }),
      ]);
      const fromSystem = system.slice(offset, offset + query.pageSize);
      const ownLimit = query.pageSize - fromSystem.length;
      const ownOffset = Math.max(0, offset - system.length);
      let ownRows: StoredRow[] = [];
      if (ownLimit > 0 && ownOffset < found.total) {
        if (found.ids) {
          const picked = found.ids.slice(ownOffset, ownOffset + ownLimit);
          const rows = await db
            .selectFrom('monomers')
            .select(COLUMNS)
            .where('org_id', '=', orgId)
            .where('id', 'in', picked)
            .execute();
          const byId = new Map(rows.map((row) => [Number(row.id), row]));
          ownRows = picked.flatMap((id) => byId.get(id) ?? []);
        } else {
          ownRows = await own
            .select(COLUMNS)
            .orderBy('polymer_type')
            .orderBy('symbol')
            .orderBy('id')
            .limit(ownLimit)
            .offset(ownOffset)
            .execute();
        }
      }
      return {
        total: system.length + found.total,
        rows: [...fromSystem, ...ownRows].map(rowOf),
      };
    },

    async findById(orgId: number, id: number): Promise<MonomerRow | null> {
      const row = await visible(orgId).select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row ? rowOf(row) : null;
    },

    /** The monomer of the polymer type with this symbol, other than `exceptId`. */
    async findBySymbol(orgId: number, polymerType: string, symbol: string, exceptId?: number) {
      let query = visible(orgId)
        .select(COLUMNS)
        .where('polymer_type', '=', polymerType)
        .where('symbol', '=', symbol);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      const row = await query.orderBy('id').executeTakeFirst();
      return row ? rowOf(row) : null;
    },

    /** The monomer of the polymer type with this structure (its key), other than `exceptId`. */
    async findByStructure(orgId: number, polymerType: string, structureKey: string, exceptId?: number) {
      let query = visible(orgId)
        .select(COLUMNS)
        .where('polymer_type', '=', polymerType)
        .where('structure_key', '=', structureKey);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      const row = await query.orderBy('id').executeTakeFirst();
      return row ? rowOf(row) : null;
    },

    /** Every monomer the organisation sees, in the list's order (export, and the import's checks). */
    async all(orgId: number): Promise<MonomerRow[]> {
      const rows = await visible(orgId)
        .select(COLUMNS)
        .orderBy('is_system', 'desc')
        .orderBy('polymer_type')
        .orderBy('symbol')
        .orderBy('id')
        .execute();
      return rows.map(rowOf);
    },

    async insert(orgId: number, values: MonomerValues, now: number): Promise<number> {
      const row = await db
        .insertInto('monomers')
        .values({ ...stored(orgId, values, now), created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Inserts many monomers of one organisation (an import), in chunks the engines take in one statement. */
    async insertMany(orgId: number, values: readonly MonomerValues[], now: number): Promise<void> {
      for (let start = 0; start < values.length; start += INSERT_CHUNK) {
        const chunk = values.slice(start, start + INSERT_CHUNK);
        await db
          .insertInto('monomers')
          .values(chunk.map((value) => ({ ...stored(orgId, value, now), created_at: now })))
          .execute();
      }
    },

    /** Changes one of the organisation's own monomers (never a system one). */
    async update(orgId: number, id: number, values: MonomerValues, now: number): Promise<void> {
      const { creator_name: _creator, ...changes } = stored(orgId, values, now);
      await db
        .updateTable('monomers')
        .set(changes)
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .where('is_system', '=', 0)
        .execute();
    },

    async delete(orgId: number, id: number): Promise<void> {
      await db
        .deleteFrom('monomers')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .where('is_system', '=', 0)
        .execute();
    },

    /** How many of the organisation's product records use the monomer. */
    async countUsages(orgId: number, monomerId: number): Promise<number> {
      const row = await db
        .selectFrom('monomer_usages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('org_id', '=', orgId)
        .where('monomer_id', '=', monomerId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async addUsage(orgId: number, monomerId: number, reference: string, now: number): Promise<void> {
      await db
        .insertInto('monomer_usages')
        .values({ org_id: orgId, monomer_id: monomerId, reference, created_at: now })
        .onConflict((conflict) => conflict.columns(['monomer_id', 'reference']).doNothing())
        .execute();
    },

    async removeUsage(orgId: number, monomerId: number, reference: string): Promise<void> {
      await db
        .deleteFrom('monomer_usages')
        .where('org_id', '=', orgId)
        .where('monomer_id', '=', monomerId)
        .where('reference', '=', reference)
        .execute();
    },
  };
}

function stored(orgId: number, values: MonomerValues, now: number) {
  return {
    org_id: orgId,
    symbol: values.symbol,
    name: values.name,
    polymer_type: values.polymerType,
    monomer_type: values.monomerType,
    natural_analog: values.naturalAnalog,
    smiles: values.smiles,
    structure_key: values.structureKey,
    r_groups: values.rGroups,
    is_system: 0,
    creator_name: values.creatorName,
    updated_at: now,
  };
}
