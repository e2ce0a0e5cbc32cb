import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SIGNING_KEY } from '../../server/core/config';
import { cliArgs } from '../helpers/cli-args';
import { demoAdminOf } from '../helpers/cluster';
import { adminQuery } from '../helpers/database-templates';
import { type InstanceProcess, startInstance } from '../helpers/instance-process';
import { signedHeaders } from '../helpers/signed-headers';
import { engines, postgresAdminUrl } from '../helpers/test-database';

const run = promisify(execFile);
const SECRETS_KEY = 'e5'.repeat(32);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-ops-cli-'));
const databases: string[] = [];
const running: InstanceProcess[] = [];

afterEach(() => {
  for (const instance of running.splice(0)) instance.kill();
});
afterAll(async () => {
  const adminUrl = inject('postgresUrl');
  for (const name of databases) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Where a deployment keeps its data: a new DATA_DIR (SQLite), or a new empty PostgreSQL database too. */
async function newDeployment(engine: 'sqlite' | 'postgres'): Promise<Record<string, string>> {
  const env = { DATA_DIR: fs.mkdtempSync(path.join(dir, 'data-')), DATABASE_URL: '', SECRETS_KEY };
  if (engine === 'sqlite') return env;
  const adminUrl = await postgresAdminUrl();
  const name = `uc_ops_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  databases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { ...env, DATABASE_URL: url.toString() };
}

/** `npm run cli -- <args>` as an operator runs it, on the deployment of `env`. */
async function cli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, cliArgs(args), {
      env: { ...process.env, SEED_DEMO: 'false', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** Starts the portal on `env` and signs the demo administrator in with `admin`; answers the status. */
async function signInOn(env: Record<string, string>, admin: { account: string; password: string }) {
  const instance = await startInstance({ ...env, SEED_DEMO: 'false' });
  running.push(instance);
  const response = await fetch(`${instance.url}/api/account/loginV2`, {
    method: 'POST',
    headers: { ...signedHeaders(DEFAULT_SIGNING_KEY, Date.now()), 'content-type': 'application/json' },
    body: JSON.stringify({ ...admin, agreed: true }),
  });
  return response.status;
}

describe.each(engines())('backup and restore through the CLI on %s', (engine) => {
  it('backs up while the portal serves, refuses to restore over data, restores into an empty database that then serves', async () => {
    const source = await newDeployment(engine);
    const serving = await startInstance({ ...source, SEED_DEMO: 'true' });
    running.push(serving);
    const admin = demoAdminOf(serving);
    const file = path.join(dir, `backup-${engine}-${randomBytes(4).toString('hex')}`);

    const backup = await cli(source, 'backup', '--to', file);
    expect(backup.output).toMatch(/Backed up to .+ \(\d+ bytes\)\./);
    expect(backup.code).toBe(0);
    expect(backup.output).toMatch(/SECRETS_KEY is set: keep it with the backup/);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    const again = await cli(source, 'backup', '--to', file);
    expect(again.code).toBe(1);

    const overData = await cli(source, 'restore', '--from', file);
    expect(overData.code).toBe(1);
    expect(overData.output).toMatch(/not empty|has tables|refus/i);
    serving.kill();
    await serving.exited;

    const target = await newDeployment(engine);
    const restore = await cli(target, 'restore', '--from', file);
    expect(restore.output).toMatch(/^Restored /m);
    expect(restore.code).toBe(0);
    expect(await signInOn(target, admin)).toBe(200);
  }, 120_000);
});

describe.runIf(engines().includes('postgres'))('migrate-to-postgres through the CLI', () => {
  it('copies a stopped SQLite deployment into an empty PostgreSQL database that then serves, and refuses a non-empty one', async () => {
    const source = await newDeployment('sqlite');
    const serving = await startInstance({ ...source, SEED_DEMO: 'true' });
    running.push(serving);
    const admin = demoAdminOf(serving);
    // A stopped portal (README: stop it before moving) has written everything into the file itself.
    serving.child.kill('SIGTERM');
    expect(await serving.exited).toBe(0);
    const sqliteFile = path.join(source.DATA_DIR, 'portal.sqlite');
    const before = fs.readFileSync(sqliteFile);

    const target = await newDeployment('postgres');
    const moved = await cli(source, 'migrate-to-postgres', '--database-url', target.DATABASE_URL);
    expect(moved.output).toMatch(/DATABASE_URL=postgres/);
    expect(moved.code).toBe(0);
    expect(fs.readFileSync(sqliteFile).equals(before)).toBe(true);
    expect(await signInOn(target, admin)).toBe(200);

    const again = await cli(source, 'migrate-to-postgres', '--database-url', target.DATABASE_URL);
    expect(again.code).toBe(1);
  }, 120_000);
});
