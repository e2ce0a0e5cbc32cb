/**
 * npm run bench:monitor [-- --rows <n>]: an organisation with 1,000,000 interface-log rows (open_calls; or
 * `--rows`, BENCH_MONITOR_ROWS) seeded straight into the database of the bundled server, and an
 * administrator reading the interface monitor through the real endpoint (POST /api/Sdk/ucapi/page/interface,
 * signed, with the session cookies): the first page and page 1,000 (reached by walking the keyset cursors;
 * only the deep page's request is timed, repeated with its cursor), for every status and for failures only.
 * One request at a time. On SQLite and, when PostgreSQL binaries are installed, on a throwaway PostgreSQL
 * cluster (BENCH_POSTGRES=false skips it; BENCH_SQLITE=false skips SQLite). Prints JSON.
 */
import { bundleServer } from '../scripts/bundle-server.mjs';
import type { PostgresCluster } from '../tests/helpers/postgres-cluster';
import type { ServerProcess } from '../tests/helpers/server-process';
import { machineLoad, measureKeysetPages, report, rowsOption, runOnEngines } from './bench-utils';
import { type BenchSeed, withSeededServer } from './seeded-server';

const DAY_MS = 86_400_000;
const PAGE_SIZE = 10;
const DEEP_PAGE = 1000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
/**
 * The log covers the 89 days before the run: the interface log keeps 90 (SPEC §9), and the server's hourly
 * purge, whose first pass comes 30 s after it starts, would otherwise delete the oldest rows while the bench
 * walks to them (on a run slower than 30 s the last page's cursor then led to an empty page).
 */
const SPAN_MS = 89 * DAY_MS;
const TARGET_MS = 20;

/** `--rows <n>` or `--rows=<n>`, else BENCH_MONITOR_ROWS. */
const ROWS = rowsOption('BENCH_MONITOR_ROWS', 1_000_000);

/**
 * Row i of the seed as SQL over `i` (the same on both engines): members and departments calls in turn,
 * one in 20 failed, two applications, times evenly spread and increasing with the id, as a log grows.
 */
function seedColumns(i: string, orgId: number, start: number) {
  return `${orgId}, 'bench-' || ${i}, 'HR sync', 'uak_bench',
    case when ${i} % 2 = 0 then 'members' else 'departments' end,
    case when ${i} % 2 = 0 then '/api/Sdk/ucapi/members' else '/api/Sdk/ucapi/departments' end,
    '{"items":[{"name":"Member ' || ${i} || '","email":"m' || ${i} || '@bench.test"}]}',
    '{"status":1,"applied":1,"problems":[]}',
    case when ${i} % 20 = 0 then 2 else 1 end, 200, 100,
    case when ${i} % 20 = 0 then '1 item(s) not applied' else 'ok' end,
    'HR sync', ${start} + (${i} * ${SPAN_MS}) / ${ROWS}, ${start} + (${i} * ${SPAN_MS}) / ${ROWS}`;
}

const COLUMNS = `org_id, req_id, application, app_key, api_name, request_url, request_body, response_body,
  sync_status, response_status, api_status_code, api_status, operator, request_time, response_time`;

/** The demo administrator's organisation, authorised for open capability (the monitor needs it). */
const OWNER_SQL = 'select org_id from accounts where email = ?';

/** The calls, seeded with one statement on each engine. */
function seedOf(start: number): BenchSeed<number> {
  return {
    table: 'open_calls',
    sqlite(sqlite, adminEmail) {
      const { org_id: orgId } = sqlite.prepare(OWNER_SQL).get(adminEmail) as { org_id: number };
      sqlite.prepare('update organizations set openness_authorized = 1 where id = ?').run(orgId);
      sqlite.exec(`
        with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${ROWS})
        insert into open_calls (${COLUMNS}) select ${seedColumns('i', orgId, start)} from n`);
      return orgId;
    },
    async postgres(client, adminEmail) {
      const found = await client.query<{ org_id: string }>(OWNER_SQL.replace('?', '$1'), [adminEmail]);
      const orgId = Number(found.rows[0].org_id);
      await client.query('update organizations set openness_authorized = 1 where id = $1', [orgId]);
      await client.query(`
        insert into open_calls (${COLUMNS})
        select ${seedColumns('i', orgId, start)} from generate_series(0::bigint, ${ROWS - 1}) as i`);
      return orgId;
    },
  };
}

/** One filter: the first page and the deep page, each timed SAMPLES times. */
function measureFilter(server: ServerProcess, cookie: string, body: Record<string, unknown>) {
  const options = { pageSize: PAGE_SIZE, deepPage: DEEP_PAGE, samples: SAMPLES };
  return measureKeysetPages(server.url, cookie, { path: '/api/Sdk/ucapi/page/interface', body }, options);
}

/** One engine: a server, the seed, both filters' pages. */
function runEngine(engine: 'sqlite' | 'postgres', cluster: PostgresCluster | null) {
  const start = Date.now() - SPAN_MS - 60_000;
  return withSeededServer(cluster, seedOf(start), async ({ server, cookie, seedMs }) => {
    const results: Record<string, unknown> = {};
    let all: Array<{ p99Ms: number }> = [];
    for (const [name, body] of Object.entries({ allStatuses: { status: -1 }, failedOnly: { status: 2 } })) {
      const measured = await measureFilter(server, cookie, body);
      results[name] = { filter: body, first: measured.first, deep: measured.deep };
      all = [...all, measured.first, ...(measured.deep ? [measured.deep] : [])];
    }
    return { engine, rows: ROWS, seedMs, filters: results, maxP99Ms: Math.max(...all.map((f) => f.p99Ms)) };
  });
}

async function main() {
  await bundleServer();
  const engines = await runOnEngines((engine, cluster) => runEngine(engine, cluster));
  report('monitor', {
    ...machineLoad(),
    request: `POST /api/Sdk/ucapi/page/interface {status, pageSize: ${PAGE_SIZE}, cursor?}, signed, with the session cookies, one at a time`,
    deepPage: DEEP_PAGE,
    samples: SAMPLES,
    engines,
    targets: { firstPageMs: `< ${TARGET_MS}`, deepPageMs: `< ${TARGET_MS}` },
    met: engines.every((figures) => figures.maxP99Ms < TARGET_MS),
  });
}

await main();
