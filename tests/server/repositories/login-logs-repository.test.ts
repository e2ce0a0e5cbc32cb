import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../domain/constants';
import { createLoginLogsRepository } from '../../../server/repositories/login-logs-repository';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';

/** Records every query a repository runs, so its plan can be asked for. */
function recorder() {
  const queries: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      queries.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { plugin, queries };
}

describe.each(engines())('login-logs repository on %s', (engine) => {
  let database: TestDatabase;
  const now = Date.UTC(2026, 10, 23);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const repo = createLoginLogsRepository(database.db);
    for (let i = 0; i < 30; i += 1) {
      await repo.insert({
        org_id: 1 + (i % 2),
        account_id: 10 + (i % 5),
        account: `member${i % 5}@lab.test`,
        ip: '10.0.0.1',
        browser: 'Chrome 156',
        product: 'UC',
        login_client: 'pc',
        success: i % 3 === 0 ? 0 : 1,
        reason: i % 3 === 0 ? 'errors.login.wrongCredentials' : null,
        created_at: now - i * DAY_MS,
      });
    }
  });
  afterAll(() => database.drop());

  /** The plans of the queries `work` runs through the repository. */
  async function plansOf(
    work: (repo: ReturnType<typeof createLoginLogsRepository>) => Promise<unknown>,
  ): Promise<string[]> {
    const { plugin, queries } = recorder();
    await work(createLoginLogsRepository(database.db.withPlugin(plugin)));
    const executor = database.db.getExecutor();
    const plans: string[] = [];
    for (const { node, queryId } of queries) {
      const compiled = executor.compileQuery(node, queryId);
      if (engine === 'sqlite') {
        const explained = await database.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        );
        plans.push(explained.rows.map((row) => row.detail).join('\n'));
      } else {
        // A table this small is read whole unless sequential scans are priced out; an index that fits is
        // then used, and a query no index fits still shows a sequential scan.
        await database.db.transaction().execute(async (trx) => {
          await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
          const explained = await trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
          );
          plans.push(explained.rows.map((row) => row['QUERY PLAN']).join('\n'));
        });
      }
    }
    return plans;
  }

  const fullScan = engine === 'sqlite' ? /SCAN l\b(?! USING)/ : /Seq Scan on login_logs/;

  it('reads a member page, an organisation page, a keyword and an export batch from an index', async () => {
    const window = { orgId: 1, from: now - 30 * DAY_MS, to: now };
    const plans = await plansOf(async (repo) => {
      await repo.page({ ...window, accountId: 10 }, 1, 10);
      await repo.page(window, 2, 10);
      await repo.page({ ...window, keyword: 'member1' }, 1, 10);
      await repo.batchAfter(window, { createdAt: now - 5 * DAY_MS, id: 6 }, 1000);
    });
    expect(plans).toHaveLength(7);
    for (const plan of plans) expect(plan).not.toMatch(fullScan);
    // One member's rows are read by account, not from the whole organisation's window.
    if (engine === 'sqlite')
      for (const plan of plans.slice(0, 2)) expect(plan).toContain('login_logs_account_time');
  });

  it("finds an account's last successful sign-in and its failures since through the result index", async () => {
    const plans = await plansOf(async (repo) => {
      await repo.lastSuccessBefore(1, 10, now);
      await repo.failuresAfter(1, 10, now - 20 * DAY_MS);
    });
    expect(plans).toHaveLength(3);
    for (const plan of plans) expect(plan).not.toMatch(fullScan);
    if (engine === 'sqlite')
      for (const plan of plans) expect(plan).toContain('login_logs_org_account_result_time');
  });

  it('pages newest first and keeps every row once across pages', async () => {
    const repo = createLoginLogsRepository(database.db);
    const window = { orgId: 2, from: now - 30 * DAY_MS, to: now };
    const first = await repo.page(window, 1, 10);
    const second = await repo.page(window, 2, 10);
    expect(first.total).toBe(15);
    expect(second.rows).toHaveLength(5);
    const times = [...first.rows, ...second.rows].map((row) => row.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(15);
  });

  it('reads a window batch by batch without repeating or skipping a row', async () => {
    const repo = createLoginLogsRepository(database.db);
    const window = { orgId: 1, from: 0, to: now };
    const seen: number[] = [];
    let cursor: { createdAt: number; id: number } | null = null;
    for (;;) {
      const batch = await repo.batchAfter(window, cursor, 4);
      seen.push(...batch.map((row) => row.id));
      if (batch.length < 4) break;
      cursor = { createdAt: batch[3].created_at, id: batch[3].id };
    }
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
  });
});
