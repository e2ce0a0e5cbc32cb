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
import fs from 'node:fs';
import path from 'node:path';
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
import { type ServerProcess, startServerProcess } from '../tests/helpers/server-process';
import {
  machineLoad,
  measureKeysetPages,
  report,
  round,
  rowsOption,
  runOnEngines,
  signInCookie,
} from './bench-utils';

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

/**
 * Seeds the rows into a SQLite file the server has let go of: one statement (a recursive CTE) in one
 * transaction, without a rollback journal or syncs (the file is thrown away after the run).
 */
function seedSqlite(file: string, adminEmail: string, start: number): Owner {
  const sqlite = new Database(file);
  try {
    sqlite.pragma('journal_mode = DELETE');
    sqlite.pragma('journal_mode = OFF');
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -524288');
    const owner = sqlite
      .prepare('select id as adminId, org_id as orgId from accounts where email = ?')
      .get(adminEmail) as Owner;
    const row = seedSelect('i');
    sqlite.exec(`
      with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${ROWS})
      insert into operation_logs (org_id, operator_id, operator_name, module, content, created_at)
      select ${owner.orgId}, ${row.operatorId(owner.adminId)}, ${row.operatorName}, ${row.module},
        ${row.content}, ${row.createdAt(start)}
      from n`);
    // The server never runs ANALYZE: its plans must hold on the planner's defaults.
    sqlite.pragma('journal_mode = WAL');
    return owner;
  } finally {
    sqlite.close();
  }
}

/** The same seed on PostgreSQL with generate_series, then VACUUM ANALYZE as autovacuum would. */
async function seedPostgres(url: string, adminEmail: string, start: number): Promise<Owner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ id: string; org_id: string }>(
      'select id, org_id from accounts where email = $1',
      [adminEmail],
    );
    const owner = { orgId: Number(found.rows[0].org_id), adminId: Number(found.rows[0].id) };
    const row = seedSelect('i');
    await client.query(`
      insert into operation_logs (org_id, operator_id, operator_name, module, content, created_at)
      select ${owner.orgId}, ${row.operatorId(owner.adminId)}, ${row.operatorName}, ${row.module},
        ${row.content}, ${row.createdAt(start)}
      from generate_series(0::bigint, ${ROWS - 1}) as i`);
    await client.query('vacuum (analyze) operation_logs');
    return owner;
  } finally {
    await client.end();
  }
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
async function runEngine(engine: 'sqlite' | 'postgres', cluster: PostgresCluster | null) {
  let server = await startServerProcess(cluster ? { env: { DATABASE_URL: cluster.url } } : {});
  const { account, password } = server.admin;
  const start = Date.now() - SPAN_MS - 60_000;
  const file = path.join(server.dataDir, 'portal.sqlite');
  try {
    const seedStarted = performance.now();
    let owner: Owner;
    if (cluster) {
      owner = await seedPostgres(cluster.url, account, start);
    } else {
      // The seed wants the file to itself: the server stops for it and starts again on the same data.
      await server.stop();
      owner = seedSqlite(file, account, start);
      server = await startServerProcess({ dataDir: server.dataDir });
    }
    const seedMs = round(performance.now() - seedStarted, 0);

    const cookie = await signInCookie(server.url, account, password);

    const results: Record<string, unknown> = {};
    let all: Array<{ p99Ms: number }> = [];
    for (const [name, body] of Object.entries(filters(start))) {
      const measured = await measureFilter(server, cookie, body);
      const queryPlans = await plans(
        engine,
        cluster ? cluster.url : file,
        { orgId: owner.orgId, ...body },
        measured.deepCursor,
      );
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
  } finally {
    await server.stop();
    // A full-size log is gigabytes: the run's data goes with it.
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
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
