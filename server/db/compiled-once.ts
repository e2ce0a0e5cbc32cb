import { type Compilable, CompiledQuery, type DialectAdapter, type Kysely, SqliteAdapter } from 'kysely';
import { readDirectly } from './direct-reads';
import type { Statement } from './one-commit';

/** A compiled query's SQL and, per bound parameter, the caller's value index or a value of its own. */
interface CompiledTemplate {
  sql: string;
  slots: Array<{ value: unknown } | { index: number }>;
}

/**
 * Templates shared by name, per dialect: a repository made for a transaction is new each time, but its
 * queries' SQL is the same as the last transaction's on the same engine.
 */
const sharedTemplates = new WeakMap<DialectAdapter, Map<string, CompiledTemplate>>();

function compileTemplate<Row>(
  query: Compilable<Row>,
  placeholders: string[],
  adapter: DialectAdapter,
): CompiledTemplate {
  const compiled = query.compile();
  const slots = compiled.parameters.map((parameter) => {
    const index = placeholders.indexOf(parameter as string);
    return index === -1 ? { value: parameter } : { index };
  });
  const used = new Set(slots.flatMap((slot) => ('index' in slot ? [slot.index] : [])));
  if (used.size !== placeholders.length)
    throw new Error('compiledOnce: a placeholder is not bound as a value');
  return adapter instanceof SqliteAdapter
    ? withFixedValuesWritten(compiled.sql, slots)
    : { sql: compiled.sql, slots };
}

/**
 * A value the query fixes, as an SQLite literal of the same type it is bound as; null when it is not a
 * plain number or string. better-sqlite3 binds every JavaScript number as a REAL (`? / 2` of 3 is 1.5),
 * so an integer is written as one too (`1.0`).
 */
function sqliteLiteral(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const text = String(value);
    return /[.e]/.test(text) ? text : `${text}.0`;
  }
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return null;
}

/**
 * On SQLite, the values the query fixes (`status != 'removed'`, `limit 1`) are written into its SQL rather
 * than bound. SQLite lets a bound value steer the plan (a LIMIT, a term a partial index's condition is
 * checked against), and then re-prepares the statement every time that parameter is bound again, i.e. on
 * every run: about 0.1 ms of parsing and planning for the sign-in's join of eight tables, more than its
 * answer costs. The caller's values stay bound. Kysely writes one `?` per parameter, outside quotes.
 */
function withFixedValuesWritten(text: string, slots: CompiledTemplate['slots']): CompiledTemplate {
  let sql = '';
  let parameter = 0;
  let quote: string | null = null;
  const kept: CompiledTemplate['slots'] = [];
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '?') {
      const slot = slots[parameter];
      parameter += 1;
      const literal = slot && 'value' in slot ? sqliteLiteral(slot.value) : null;
      if (literal !== null) {
        sql += literal;
        continue;
      }
      if (slot) kept.push(slot);
    }
    sql += char;
  }
  // Anything unexpected (a numbered parameter, a count that does not match): everything stays bound.
  if (parameter !== slots.length) return { sql: text, slots };
  return { sql, slots: kept };
}

/**
 * A query of fixed shape built and compiled at its first use; each later call only binds its values.
 * Building and compiling a Kysely query costs more CPU (about 0.1 ms for a join of four tables) than SQLite
 * takes to answer a lookup by key, so the lookups every request makes (the session) are kept compiled.
 *
 * `build` receives one placeholder per value, in the order `run` will be given them, and must use each as
 * a bound value exactly where that value goes (never in `sql.lit` or as an identifier).
 *
 * `shareAs` names the query for every handle on the same engine (transactions included), so a repository
 * made for each transaction compiles it once too; the name must stand for one shape only.
 */
export function compiledOnce<DB, Row, Values extends unknown[]>(
  db: Kysely<DB>,
  build: (...placeholders: Values) => Compilable<Row>,
  arity: Values['length'],
  shareAs?: string,
): CompiledOnce<Row, Values> {
  let compiled: CompiledTemplate | null = null;
  const template = (): CompiledTemplate => {
    if (compiled) return compiled;
    let shared: Map<string, CompiledTemplate> | undefined;
    if (shareAs !== undefined) {
      const adapter = db.getExecutor().adapter;
      shared = sharedTemplates.get(adapter);
      if (!shared) sharedTemplates.set(adapter, (shared = new Map()));
      compiled = shared.get(shareAs) ?? null;
      if (compiled) return compiled;
    }
    // Unique strings stand for the values; whatever else the query binds is kept as it is.
    const placeholders = Array.from({ length: arity }, (_, index) => `\u0000compiled-once-${index}`);
    compiled = compileTemplate(build(...(placeholders as Values)), placeholders, db.getExecutor().adapter);
    shared?.set(shareAs!, compiled);
    return compiled;
  };
  const parametersOf = (slots: CompiledTemplate['slots'], values: Values) =>
    slots.map((slot) => ('index' in slot ? values[slot.index] : slot.value));
  const run = async (...values: Values) => {
    const { sql, slots } = template();
    const parameters = parametersOf(slots, values);
    const direct = readDirectly(db, sql, parameters);
    if (direct !== undefined) return direct as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, parameters));
    return result.rows;
  };
  return Object.assign(run, {
    now: (...values: Values) => {
      const { sql, slots } = template();
      return readDirectly(db, sql, parametersOf(slots, values)) as Row[] | undefined;
    },
    nowWhileUnchanged: (...values: Values) => {
      const { sql, slots } = template();
      return readDirectly(db, sql, parametersOf(slots, values), true) as readonly Row[] | undefined;
    },
    statement: (...values: Values): Statement => {
      const { sql, slots } = template();
      return { sql, parameters: parametersOf(slots, values) };
    },
  });
}

/** A query compiled once: run it (a promise of its rows), or ask for its rows at once (see `now`). */
export interface CompiledOnce<Row, Values extends unknown[]> {
  (...values: Values): Promise<Row[]>;
  /**
   * The rows when the database can answer at once (a read of the embedded database while no transaction
   * holds it, see readDirectly), else undefined: then the caller runs the query and waits.
   */
  now(...values: Values): Row[] | undefined;
  /**
   * `now`, answering the rows of the same read made before when nothing has been committed to the database
   * since, by any connection (see readDirectly): the rows are shared, never to be changed.
   */
  nowWhileUnchanged(...values: Values): readonly Row[] | undefined;
  /** The query with these values, not run: for a caller that runs several in one commit (one-commit.ts). */
  statement(...values: Values): Statement;
}
