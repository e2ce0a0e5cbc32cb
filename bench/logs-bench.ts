/**
 * npm run bench:logs [-- --rows <n>]: an organisation with 10,000,000 operation-log rows (or `--rows`,
 * BENCH_LOG_ROWS) seeded straight into the database of the bundled server, spread evenly over 90 days and
 * 12 modules, and an administrator reading the filtered list through the real endpoint (POST
 * /api/operationLog/page, signed, with the session cookies): the first page and page 1,000 (reached by
 * walking the keyset cursors; only the request for page 1,000 is timed, repeated with the cursor of page
 * 999). Two filters: one module over a 30-day window in the middle of the log, and the same window with
 * every module. One request at a time: this measures how long a page takes, not how many fit in a second.
 * On SQLite and, when PostgreSQL binaries are installed, on a throwaway PostgreSQL cluster
 * (BENCH_POSTGRES=false skips it; BENCH_SQLITE=false skips SQLite). The query plans of both pages are part of the result.
 */
import Database from 'better-sqlite3';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { OPERATION_LOG_MODULES, decodeCursor } from '../domain/rules/operation-log';
import { bundleServer } from '../scripts/bundle-server.mjs';
import type { Database as Tables } from '../server/db/tables';
import {
  createOperationLogsRepository,
  type OperationLogFilter,
} from '../server/repositories/operation-logs-repository';
import type { PostgresCluster } from '../tests/helpers/postgres-cluster';
import type { ServerProcess } from '../tests/helpers/server-process';
import { machineLoad, measureKeysetPages, report, rowsOption, runOnEngines } from './bench-utils';
import { type BenchSeed, withSeededServer } from './seeded-server';

const DAY_MS = 86_400_000;
const PAGE_SIZE = 10;
const DEEP_PAGE = 1000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
/** The log covers the 90 days before the run; the filters look at a 30-day window in its middle. */
const SPAN_MS = 90 * DAY_MS;
const TARGET_MS = 20;

/** `--rows <n>` or `--rows=<n>`, else BENCH_LOG_ROWS. */
const ROWS = rowsOption('BENCH_LOG_ROWS', 10_000_000);

/**
 * What row i of the seed is, as SQL over `i` (the same on both engines): every tenth by the operator's
 * command, the rest by the administrator; the modules in turn; times evenly spread and increasing with i
 * (so with the id), the way a log grows.
 */
function seedSelect(i: string) {
  const modules = OPERATION_LOG_MODULES.map((module, index) => `when ${index} then '${module}'`).join(' ');
  return {
    module: `case ${i} % ${OPERATION_LOG_MODULES.length} ${modules} end`,
    operatorId: (admin: number) => `case when ${i} % 10 = 0 then null else ${admin} end`,
    operatorName: `case when ${i} % 10 = 0 then 'operator-cli' else 'Bench Admin' end`,
    content: `'Changed member #' || ${i} || ' (name, department, superior)'`,
    createdAt: (start: number) => `${start} + (${i} * ${SPAN_MS}) / ${ROWS}`,
  };
}

/** The demo administrator's account and organisation ids. */
interface Owner {
  orgId: number;
  adminId: number;
}

const OWNER_SQL = 'select id as "adminId", org_id as "orgId" from accounts where email = ?';

/** The rows, seeded with one statement on each engine (a recursive CTE on SQLite, generate_series on PostgreSQL). */
function seedOf(start: number): BenchSeed<Owner> {
  const row = seedSelect('i');
  const insert = (owner: Owner) => `
    insert into operation_logs (org_id, operator_id, operator_name, module, content, created_at)
    select ${owner.orgId}, ${row.operatorId(owner.adminId)}, ${row.operatorName}, ${row.module},
      ${row.content}, ${row.createdAt(start)}`;
  return {
    table: 'operation_logs',
    sqlite(sqlite, adminEmail) {
      const owner = sqlite.prepare(OWNER_SQL).get(adminEmail) as Owner;
      sqlite.exec(`
        with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${ROWS})
        ${insert(owner)} from n`);
      return owner;
    },
    async postgres(client, adminEmail) {
      const found = await client.query<{ adminId: string; orgId: string }>(OWNER_SQL.replace('?', '$1'), [
        adminEmail,
      ]);
      const owner = { orgId: Number(found.rows[0].orgId), adminId: Number(found.rows[0].adminId) };
      await client.query(`${insert(owner)} from generate_series(0::bigint, ${ROWS - 1}) as i`);
      return owner;
    },
  };
}

/** The two filters, as the screen sends them: a 30-day window in the middle of the log. */
function filters(start: number) {
  const window = { from: start + 30 * DAY_MS, to: start + 60 * DAY_MS - 1 };
  return { oneModule: { ...window, module: 'member' }, allModules: window };
}

/**
 * The plans the database chooses for the list's query on the first and the deep page: the SQL the
 * repository builds (captured through Kysely's log) run under EXPLAIN QUERY PLAN (SQLite) or EXPLAIN
 * (ANALYZE, BUFFERS) (PostgreSQL).
 */
async function plans(
  engine: 'sqlite' | 'postgres',
  target: string,
  filter: OperationLogFilter,
  deepCursor: string | null,
): Promise<Record<string, string[]>> {
  let captured: CompiledQuery | null = null;
  const log = (event: { query: CompiledQuery }) => {
    captured = event.query;
  };
  let explainSql: (query: CompiledQuery) => Promise<string[]>;
  let db: Kysely<Tables>;
  if (engine === 'sqlite') {
    const sqlite = new Database(target, { readonly: true });
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }), log });
    explainSql = async (query) =>
      (
        sqlite.prepare(`explain query plan ${query.sql}`).all(...query.parameters) as Array<{
          detail: string;
        }>
      ).map((row) => row.detail);
  } else {
    const pool = new pg.Pool({ connectionString: target, max: 1 });
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), log });
    explainSql = async (query) =>
      (
        await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${query.sql}`, [
          ...query.parameters,
        ])
      ).rows.map((row) => row['QUERY PLAN']);
  }
  const explain = async (cursorText: string | null): Promise<string[]> => {
    captured = null;
    const cursor = cursorText === null ? null : decodeCursor(cursorText);
    await createOperationLogsRepository(db).batchAfter(filter, cursor, PAGE_SIZE + 1);
    const query = captured as CompiledQuery | null;
    if (!query) throw new Error('no query was captured');
    return explainSql(query);
  };
  try {
    return {
      firstPage: await explain(null),
      ...(deepCursor ? { deepPage: await explain(deepCursor) } : {}),
    };
  } finally {
    await db.destroy();
  }
}

/** One filter: the first page and the deep page, each timed SAMPLES times, and their plans. */
function measureFilter(server: ServerProcess, cookie: string, body: Record<string, unknown>) {
  const options = { pageSize: PAGE_SIZE, deepPage: DEEP_PAGE, samples: SAMPLES };
  return measureKeysetPages(server.url, cookie, { path: '/api/operationLog/page', body }, options);
}

/** One engine: a server, the seed, both filters' pages and plans. */
function runEngine(engine: 'sqlite' | 'postgres', cluster: PostgresCluster | null) {
  const start = Date.now() - SPAN_MS - 60_000;
  return withSeededServer(
    cluster,
    seedOf(start),
    async ({ server, cookie, seeded: owner, seedMs, target }) => {
      const results: Record<string, unknown> = {};
      let all: Array<{ p99Ms: number }> = [];
      for (const [name, body] of Object.entries(filters(start))) {
        const measured = await measureFilter(server, cookie, body);
        const queryPlans = await plans(engine, target, { orgId: owner.orgId, ...body }, measured.deepCursor);
        results[name] = {
          filter: body,
          first: measured.first,
          deep: measured.deep,
          walkToDeepPageMs: measured.walkToDeepPageMs,
          plans: queryPlans,
        };
        all = [...all, measured.first, ...(measured.deep ? [measured.deep] : [])];
      }
      return {
        engine,
        rows: ROWS,
        seedMs,
        filters: results,
        maxP99Ms: Math.max(...all.map((figures) => figures.p99Ms)),
      };
    },
  );
}

async function main() {
  await bundleServer();
  const engines = await runOnEngines((engine, cluster) => runEngine(engine, cluster));
  report('logs', {
    ...machineLoad(),
    request: `POST /api/operationLog/page {from, to, module?, pageSize: ${PAGE_SIZE}, cursor?}, signed, with the session cookies, one at a time`,
    deepPage: DEEP_PAGE,
    samples: SAMPLES,
    engines,
    targets: { firstPageMs: `< ${TARGET_MS}`, deepPageMs: `< ${TARGET_MS}` },
    met: engines.every((figures) => figures.maxP99Ms < TARGET_MS),
  });
}

await main();
