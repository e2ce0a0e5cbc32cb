import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { PostgresCluster } from '../tests/helpers/postgres-cluster';
import { type ServerProcess, startServerProcess } from '../tests/helpers/server-process';
import { round, signInCookie } from './bench-utils';

/** How a bench fills the database of a bundled server with rows, on each engine, for the demo administrator. */
export interface BenchSeed<Seeded> {
  /** Into the SQLite file the server has let go of (journal and syncs off for the one statement). */
  sqlite: (sqlite: Database.Database, adminEmail: string) => Seeded;
  /** Into the running server's PostgreSQL database; `table` is then analysed as autovacuum would. */
  postgres: (client: pg.Client, adminEmail: string) => Promise<Seeded>;
  table: string;
}

/** What a bench measures with: the server on the seeded data, the administrator's cookie, the seed's answer. */
export interface SeededServer<Seeded> {
  server: ServerProcess;
  cookie: string;
  seeded: Seeded;
  seedMs: number;
  /** The server's SQLite file, or the cluster's URL: where a bench reads query plans. */
  target: string;
}

function seedSqliteFile<Seeded>(file: string, adminEmail: string, seed: BenchSeed<Seeded>): Seeded {
  const sqlite = new Database(file);
  try {
    sqlite.pragma('journal_mode = DELETE');
    sqlite.pragma('journal_mode = OFF');
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -524288');
    const seeded = seed.sqlite(sqlite, adminEmail);
    // The server never runs ANALYZE: its plans must hold on the planner's defaults.
    sqlite.pragma('journal_mode = WAL');
    return seeded;
  } finally {
    sqlite.close();
  }
}

async function seedPostgresDatabase<Seeded>(url: string, adminEmail: string, seed: BenchSeed<Seeded>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const seeded = await seed.postgres(client, adminEmail);
    await client.query(`vacuum (analyze) ${seed.table}`);
    return seeded;
  } finally {
    await client.end();
  }
}

/**
 * A bundled server on SQLite (no cluster) or on the cluster, its database seeded straight for the demo
 * administrator (on SQLite the server stops for the seed and starts again on the same data), signed in; then
 * `measure`, and the server stopped and its data removed (a large seed is gigabytes).
 */
export async function withSeededServer<Seeded, Result>(
  cluster: PostgresCluster | null,
  seed: BenchSeed<Seeded>,
  measure: (seeded: SeededServer<Seeded>) => Promise<Result>,
): Promise<Result> {
  let server = await startServerProcess(cluster ? { env: { DATABASE_URL: cluster.url } } : {});
  const { account, password } = server.admin;
  const file = path.join(server.dataDir, 'portal.sqlite');
  try {
    const seedStarted = performance.now();
    let seeded: Seeded;
    if (cluster) {
      seeded = await seedPostgresDatabase(cluster.url, account, seed);
    } else {
      await server.stop();
      seeded = seedSqliteFile(file, account, seed);
      server = await startServerProcess({ dataDir: server.dataDir });
    }
    const seedMs = round(performance.now() - seedStarted, 0);
    const cookie = await signInCookie(server.url, account, password);
    return await measure({ server, cookie, seeded, seedMs, target: cluster ? cluster.url : file });
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}
