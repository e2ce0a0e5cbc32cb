import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { runAppCredentialCommand } from '../../../server/commands/open-command';
import { createOrganization } from '../../../server/provisioning';
import { createRepositories } from '../../../server/repositories';
import { hashToken } from '../../../server/security/tokens';
import { issueAccessToken } from '../../../server/services/app-credential-service';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';
import { type CliRun, cliInProcess, cliProcess } from '../../helpers/cli-run';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const admin = { realName: 'Ada', account: 'admin@acme.test', password: 'Lab#Pass2026-Quartz' };

const outcome = ({ code, stdout, stderr }: CliRun) => ({ code, stdout: stdout + stderr });

/** Runs `npm run cli -- ...` with `env` added, in this process (tests/helpers/cli-run.ts). */
async function cli(env: Record<string, string>, ...args: string[]) {
  return outcome(await cliInProcess(args, { ...process.env, ...env }));
}

/** The same the way an operator does: a process of its own, for its exit code and streams. */
async function cliThroughProcess(env: Record<string, string>, ...args: string[]) {
  return outcome(await cliProcess(args, { ...process.env, ...env }));
}

const secretOf = (stdout: string) => /app secret: (uas_[\w-]{43})/.exec(stdout)?.[1];

describe('npm run cli -- org:app-credential', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-open-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  let database: DatabaseHandle;
  let acme: number;

  beforeAll(async () => {
    database = await openDatabase({
      database: { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') },
    });
    await migrateToLatest(database.db);
    acme = (await createOrganization(database.db, { name: 'Acme Lab', products: [], admin }, NOW)).orgId;
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the key and, once, the secret; --regenerate prints a new one', async () => {
    const created = await cliThroughProcess(
      env,
      'org:app-credential',
      '--org',
      String(acme),
      '--name',
      'ERP',
    );
    expect(created.code).toBe(0);
    const secret = secretOf(created.stdout);
    expect(secret).toBeDefined();
    expect(created.stdout).toContain('app key: uak_');
    expect(created.stdout).toContain(`org:openness --org ${acme} --grant`);

    const shown = await cli(env, 'org:app-credential', '--org', String(acme));
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toContain(secret);
    expect(shown.stdout).toContain(`app secret: uas_••••••••${secret!.slice(-4)}`);

    const regenerated = await cli(env, 'org:app-credential', '--org', String(acme), '--regenerate');
    const fresh = secretOf(regenerated.stdout);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(secret);
    const row = await createRepositories(database.db).appCredentials.findByOrg(acme);
    expect(row?.secret_hash).toBe(hashToken(fresh!));

    const missing = await cli(env, 'org:app-credential', '--org', '999');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('No organisation with id 999');
  });
});

describe.each(engines())('org:app-credential on %s', (engine) => {
  let database: TestDatabase;
  let acme: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    acme = (await createOrganization(database.db, { name: 'Acme', products: [], admin }, NOW)).orgId;
    await createRepositories(database.db).organizations.setOpennessAuthorized(acme, true);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('ends the tokens of the old secret when it regenerates, with operation-log rows', async () => {
    const created = await runAppCredentialCommand(database.db, { org: String(acme) }, NOW);
    const appKey = /app key: (\S+)/.exec(created.join('\n'))![1];
    const secret = secretOf(created.join('\n'))!;
    const repos = createRepositories(database.db);
    const { accessToken } = await issueAccessToken(repos, { appKey, appSecret: secret, ip: '::1' }, NOW);
    const lines = await runAppCredentialCommand(database.db, { org: String(acme), regenerate: true }, NOW);
    expect(lines).toContain('access tokens ended: 1');
    expect(await repos.appCredentials.findToken(hashToken(accessToken))).toBeUndefined();
    const logs = await database.db
      .selectFrom('operation_logs')
      .select(['module', 'operator_name'])
      .where('org_id', '=', acme)
      .where('module', '=', 'appCredential')
      .execute();
    expect(logs).toEqual([
      { module: 'appCredential', operator_name: 'operator-cli' },
      { module: 'appCredential', operator_name: 'operator-cli' },
    ]);
  });
});
