/**
 * npm run bench:monomers: the HELM monomer library at 20,000 monomers in one organisation, timed at the
 * repository the routes call, on SQLite (a temporary file) and, when PostgreSQL binaries are installed, on a
 * throwaway PostgreSQL cluster: the first and a middle page of the list, searches by symbol, by name, by
 * SMILES fragment (each with its total, a common name word counting a tenth of the library) and by one and
 * two characters (target p99 < 50 ms on both engines). Every search must find monomers: a search that finds
 * nothing measures nothing. Then OpenChemLib reading and canonicalising 1,000 distinct monomer SMILES on the
 * server (the authority), reported per SMILES. Prints JSON and writes bench/results/monomers.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { readMonomerStructure } from '../domain/rules/monomer-structure';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { createOrganization } from '../server/provisioning';
import { createRepositories } from '../server/repositories';
import type { MonomerValues } from '../server/repositories/monomers-repository';
import type { PostgresCluster } from '../tests/helpers/postgres-cluster';
import { percentile, report, round, runOnEngines } from './bench-utils';

const MONOMERS = Number(process.env.BENCH_MONOMERS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SIDE_GROUPS = [
  'c1ccccc1',
  'c1ccc(O)cc1',
  'c1ccc(Cl)cc1',
  'c1ccc(F)cc1',
  'c1ccc(C)cc1',
  'C1CCCCC1',
  'c1ccncc1',
  'SC',
  'OC',
  'N',
];
/** What each side group is called in the monomers' names. */
const GROUP_NAMES = [
  'phenyl',
  'hydroxyphenyl',
  'chlorophenyl',
  'fluorophenyl',
  'tolyl',
  'cyclohexyl',
  'pyridyl',
  'methylthio',
  'methoxy',
  'amino',
];

/** 1,000 distinct amino-acid-like monomers: chain length x side group x N-alkyl. */
function monomerSmiles(): string[] {
  const all: string[] = [];
  for (let chain = 1; chain <= 10; chain += 1) {
    for (const group of SIDE_GROUPS) {
      for (let alkyl = 0; alkyl < 10; alkyl += 1) {
        const amine = alkyl === 0 ? '[*:1]N' : `[*:1]N(${'C'.repeat(alkyl)})`;
        all.push(`${amine}[C@@H](${'C'.repeat(chain)}${group})C([*:2])=O`);
      }
    }
  }
  return all;
}

function time(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

type Structure = Extract<ReturnType<typeof readMonomerStructure>, { ok: true }>;

/** The timed reads, each its first page of 10 (the middle page too for the whole list). */
const QUERIES = {
  firstPage: { pageIndex: 1, pageSize: 10 },
  middlePage: { pageIndex: Math.floor(MONOMERS / 20), pageSize: 10 },
  symbol: { pageIndex: 1, pageSize: 10, keyword: 'M1999' },
  name: { pageIndex: 1, pageSize: 10, keyword: 'cyclohex' },
  smilesFragment: { pageIndex: 1, pageSize: 10, keyword: 'ccncc' },
  oneCharacter: { pageIndex: 1, pageSize: 10, keyword: 'y' },
  twoCharacters: { pageIndex: 1, pageSize: 10, keyword: 'M7' },
  polymerType: { pageIndex: 1, pageSize: 10, polymerType: 'CHEM' },
};

/** One engine: the library seeded into a new organisation, then each read timed RUNS times. */
async function runEngine(
  engine: 'sqlite' | 'postgres',
  structures: Structure[],
  cluster: PostgresCluster | null,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'monomers-bench-'));
  const handle = await openDatabase({
    database: cluster
      ? { kind: 'postgres', url: cluster.url, poolSize: 10 }
      : { kind: 'sqlite', file: path.join(dir, 'bench.db') },
  });
  try {
    await migrateToLatest(handle.db);
    const now = Date.now();
    const { orgId } = await createOrganization(
      handle.db,
      { name: 'Bench Lab', products: [], admin: { realName: 'Admin', account: 'admin@monomer-bench.test' } },
      now,
    );
    const repos = createRepositories(handle.db);
    const rows: MonomerValues[] = Array.from({ length: MONOMERS }, (_, index) => {
      const structure = structures[index % structures.length];
      return {
        symbol: `M${index}`,
        name: `Monomer ${index} ${GROUP_NAMES[index % GROUP_NAMES.length]}`,
        polymerType: index % 5 === 0 ? 'CHEM' : 'PEPTIDE',
        monomerType: 'Backbone',
        naturalAnalog: 'X',
        smiles: structure.smiles,
        structureKey: `${structure.structureKey}#${index}`,
        rGroups: '[]',
        creatorName: 'bench',
      };
    });
    await repos.monomers.insertMany(orgId, rows, now);
    if (cluster) await sql`analyze monomers`.execute(handle.db);

    const listing: Record<string, { p50Ms: number; p99Ms: number; total: number }> = {};
    for (const [name, query] of Object.entries(QUERIES)) {
      const timings: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS + 20; run += 1) {
        const start = performance.now();
        total = (await repos.monomers.page(orgId, query)).total;
        if (run >= 20) timings.push(performance.now() - start);
      }
      if (total === 0) throw new Error(`${engine}: the ${name} read found no monomer`);
      listing[name] = {
        p50Ms: round(percentile(timings, 50), 2),
        p99Ms: round(percentile(timings, 99), 2),
        total,
      };
    }
    const worstP99 = Math.max(...Object.values(listing).map((entry) => entry.p99Ms));
    return { engine, list: listing, listWorstP99Ms: worstP99 };
  } finally {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const smiles = monomerSmiles();
  const perSmiles: number[] = [];
  const structures = smiles.map((text) => {
    let structure: ReturnType<typeof readMonomerStructure> | null = null;
    perSmiles.push(time(() => (structure = readMonomerStructure(text))));
    if (!structure || !(structure as { ok: boolean }).ok) throw new Error(`not read: ${text}`);
    return structure as Structure;
  });

  const engines = await runOnEngines((engine, cluster) => runEngine(engine, structures, cluster), {
    sqlite: true,
  });
  report('monomers', {
    monomers: MONOMERS,
    loadAverage: os.loadavg().map((value) => round(value, 2)),
    engines,
    listP99TargetMs: 50,
    met: engines.every((entry) => entry.listWorstP99Ms < 50),
    canonicalisation: {
      smiles: smiles.length,
      meanMsPerSmiles: round(perSmiles.reduce((a, b) => a + b, 0) / perSmiles.length, 2),
      p50MsPerSmiles: round(percentile(perSmiles, 50), 2),
      p99MsPerSmiles: round(percentile(perSmiles, 99), 2),
      firstMs: round(perSmiles[0], 1),
    },
  });
}

await main();
