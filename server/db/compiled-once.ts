import { type Compilable, CompiledQuery, type DialectAdapter, type Kysely } from 'kysely';

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

function compileTemplate<Row>(query: Compilable<Row>, placeholders: string[]): CompiledTemplate {
  const compiled = query.compile();
  const slots = compiled.parameters.map((parameter) => {
    const index = placeholders.indexOf(parameter as string);
    return index === -1 ? { value: parameter } : { index };
  });
  const used = new Set(slots.flatMap((slot) => ('index' in slot ? [slot.index] : [])));
  if (used.size !== placeholders.length)
    throw new Error('compiledOnce: a placeholder is not bound as a value');
  return { sql: compiled.sql, slots };
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
): (...values: Values) => Promise<Row[]> {
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
    compiled = compileTemplate(build(...(placeholders as Values)), placeholders);
    shared?.set(shareAs!, compiled);
    return compiled;
  };
  return async (...values) => {
    const { sql, slots } = template();
    const parameters = slots.map((slot) => ('index' in slot ? values[slot.index] : slot.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, parameters));
    return result.rows;
  };
}
