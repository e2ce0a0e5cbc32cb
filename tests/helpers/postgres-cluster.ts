import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** A throwaway PostgreSQL server on a temp directory and a free loopback port. */
export interface PostgresCluster {
  url: string;
  /** The cluster's data directory (its postmaster.pid names the server's process). */
  dataDir: string;
  stop(): void;
  /** Stops the server (fast shutdown: its connections are cut) and keeps its data, to `resume` later. */
  halt(): void;
  /** Starts a halted server again on the same port and data. */
  resume(): void;
}

/** Whether PostgreSQL's server binaries are installed (a cluster can be started). */
export function postgresInstalled(): boolean {
  return findBinDir() !== null;
}

function findBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((entry) => fs.existsSync(path.join(root, entry, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

/**
 * Starts a cluster with durability off (it is thrown away), on `port` or a free one. As root it runs as
 * the `postgres` user, which must exist (.ci/run creates it). Returns null when no PostgreSQL binaries are
 * installed.
 */
export async function startPostgresCluster(options: { port?: number } = {}): Promise<PostgresCluster | null> {
  const bin = findBinDir();
  if (!bin) return null;
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-pg-'));
  const run = (command: string, args: string[]) => {
    const full = path.join(bin, command);
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const dataDir = path.join(dir, 'data');
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = options.port ?? (await freePort());
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    halt: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
