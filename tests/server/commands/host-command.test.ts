import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import {
  runBindCommand,
  runIntegrationCommand,
  runPushKeyCommand,
} from '../../../server/commands/host-command';
import { hashToken } from '../../../server/security/tokens';
import { createOrganization } from '../../../server/provisioning';
import { createSecretBox, loadSecretsKey } from '../../../server/security/secret-box';
import { integrationCredentials } from '../../../server/integrations/host-credentials';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';
import { cliArgs } from '../../helpers/cli-args';

const run = promisify(execFile);
const SECRET = 'Ding-App-Secret-0123456789-wxyz';
const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);

/** Runs `npm run cli -- ...` the way an operator does, with `env` added. */
async function cli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, cliArgs(args), {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

describe('npm run cli -- org:integration and account:bind', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-host-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  let database: DatabaseHandle;
  let acme: number;

  beforeAll(async () => {
    database = await openDatabase({
      database: { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') },
    });
    await migrateToLatest(database.db);
    const admin = { realName: 'Ada', account: 'admin@acme.test', password: 'Lab#Pass2026-Quartz' };
    acme = (await createOrganization(database.db, { name: 'Acme Lab', products: [], admin }, NOW)).orgId;
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves an integration with its secret encrypted under a key generated in the data directory', async () => {
    const result = await cli(
      env,
      ...['org:integration', '--org', String(acme), '--platform', 'dingtalk', '--corp-id', 'dingacme'],
      ...['--app-key', 'ding-key', '--app-secret', SECRET, '--agent-id', '101', '--products', 'eln,PM'],
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`organisation ${acme}: DingTalk integration enabled`);
    expect(result.stdout).toContain('app secret: ********wxyz');
    expect(result.stdout).toContain('products for push: ELN, PM');
    expect(result.stdout).not.toContain(SECRET);

    expect(fs.statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    const row = await database.db.selectFrom('host_integrations').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ platform: 'dingtalk', corp_id: 'dingacme', app_key: 'ding-key', enabled: 1 });
    expect(row.app_secret).toMatch(/^v1\./);
    expect(row.app_secret).not.toContain(SECRET);
    const box = createSecretBox(loadSecretsKey({ secretsKey: null, dataDir }));
    expect(integrationCredentials(row, box).appSecret).toBe(SECRET);
    expect(fs.readFileSync(path.join(dataDir, 'portal.sqlite')).includes(SECRET)).toBe(false);
  });

  it('binds a host user id to an account', async () => {
    const bound = await cli(
      env,
      ...['account:bind', '--org', String(acme), '--platform', 'dingtalk'],
      ...['--account', 'admin@acme.test', '--user-id', 'ding-boss'],
    );
    expect(bound.code).toBe(0);
    expect(bound.stdout).toContain(
      `DingTalk user ding-boss signs in as admin@acme.test in organisation ${acme}`,
    );
  });
});

describe.each(engines())('org:integration and account:bind commands on %s', (engine) => {
  let database: TestDatabase;
  let acme: number;
  let beta: number;
  const box = createSecretBox(Buffer.alloc(32, 7));
  const integration = (...args: string[]) => {
    const options: Record<string, string | boolean> = {};
    for (let i = 0; i < args.length; i += 1) {
      const name = args[i].replace(/^--/, '');
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) options[name] = true;
      else options[name] = args[(i += 1)];
    }
    return runIntegrationCommand(database.db, box, options, NOW);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const admin = (account: string) => ({ realName: 'Admin', account, password: 'Lab#Pass2026-Quartz' });
    acme = (
      await createOrganization(database.db, { name: 'Acme', products: [], admin: admin('a@acme.test') }, NOW)
    ).orgId;
    beta = (
      await createOrganization(database.db, { name: 'Beta', products: [], admin: admin('a@beta.test') }, NOW)
    ).orgId;
  });
  afterAll(() => database.drop());

  it('saves an integration, never printing the secret, with an operation-log row', async () => {
    const lines = await integration(
      ...['--org', String(acme), '--platform', 'dingtalk', '--corp-id', 'dingacme'],
      ...['--app-key', 'ding-key', '--app-secret', SECRET, '--agent-id', '101', '--products', 'ELN'],
    );
    expect(lines).toEqual([
      `organisation ${acme}: DingTalk integration enabled`,
      'corp/app id: dingacme',
      'app key: ding-key',
      'app secret: ********wxyz',
      'agent id: 101',
      'products for push: ELN',
    ]);
    const log = await database.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('org_id', '=', acme)
      .where('module', '=', 'messagePush')
      .executeTakeFirstOrThrow();
    expect(log.operator_name).toBe('operator-cli');
    expect(log.content).toBe(
      'Saved the DingTalk integration: corp/app id dingacme; app key ding-key; agent id 101; app secret changed; products ELN; enabled',
    );
  });

  it('defaults the app key to the corp id, and keeps the secret when only switching off', async () => {
    const wecom = await integration(
      ...[
        '--org',
        String(acme),
        '--platform',
        'wecom',
        '--corp-id',
        'wwacme',
        '--app-secret',
        'wecom-secret-abcd',
      ],
    );
    expect(wecom).toContain('app key: wwacme');
    const off = await integration('--org', String(acme), '--platform', 'dingtalk', '--disable');
    expect(off[0]).toBe(`organisation ${acme}: DingTalk integration disabled`);
    expect(off).toContain('app secret: ********wxyz');
    expect(off).toContain('app key: ding-key');
    const shown = await integration('--org', String(acme), '--platform', 'dingtalk', '--show');
    expect(shown).toEqual(off);
  });

  it("refuses another organisation's corp id, a first save without a secret and an unknown platform", async () => {
    await expect(
      integration(
        '--org',
        String(beta),
        '--platform',
        'dingtalk',
        '--corp-id',
        'dingacme',
        '--app-secret',
        'x',
      ),
    ).rejects.toThrow('This corp ID or app ID is already used by another organisation');
    await expect(
      integration('--org', String(beta), '--platform', 'feishu', '--corp-id', 'cli_beta'),
    ).rejects.toThrow('Enter the app secret');
    await expect(integration('--org', String(beta), '--platform', 'slack')).rejects.toThrow(
      '--platform takes dingtalk, feishu, wecom, wechat',
    );
    await expect(integration('--org', String(beta), '--platform', 'feishu', '--disable')).rejects.toThrow(
      'no Feishu integration yet',
    );
  });

  it('binds a host user id to an account of the organisation only, with an operation-log row', async () => {
    const bind = (account: string, userId: string) =>
      runBindCommand(database.db, { org: String(acme), platform: 'wechat', account, 'user-id': userId }, NOW);
    expect(await bind('A@Acme.test', 'o-boss')).toEqual([
      `WeChat user o-boss signs in as a@acme.test in organisation ${acme}`,
    ]);
    const binding = await database.db
      .selectFrom('host_bindings')
      .selectAll()
      .where('host_user_id', '=', 'o-boss')
      .executeTakeFirstOrThrow();
    expect(binding).toMatchObject({ platform: 'wechat', open_id: 'o-boss' });
    const log = await database.db
      .selectFrom('operation_logs')
      .select('content')
      .where('org_id', '=', acme)
      .where('module', '=', 'member')
      .executeTakeFirstOrThrow();
    expect(log.content).toBe('Bound WeChat user o-boss to account a@acme.test');
    await expect(bind('a@beta.test', 'o-x')).rejects.toThrow(
      `No account a@beta.test in organisation ${acme}`,
    );
  });
  it('creates a push key shown once and kept only as a hash, and revokes them', async () => {
    const [line] = await runPushKeyCommand(database.db, { org: String(acme), label: 'ELN server' }, NOW);
    const key = /^push key: (upk_[\w-]{43})$/.exec(line)![1];
    const row = await database.db
      .selectFrom('push_keys')
      .selectAll()
      .where('org_id', '=', acme)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key_hash: hashToken(key), label: 'ELN server', revoked_at: null });
    expect(JSON.stringify(row)).not.toContain(key);
    expect(await runPushKeyCommand(database.db, { org: String(acme), revoke: true }, NOW)).toEqual([
      `organisation ${acme}: 1 push key(s) revoked`,
    ]);
  });

  it('rotates the push keys through the service the message-push screen uses: the new one replaces the others', async () => {
    await runPushKeyCommand(database.db, { org: String(acme), label: 'old' }, NOW);
    const lines = await runPushKeyCommand(
      database.db,
      { org: String(acme), label: 'new', rotate: true },
      NOW,
    );
    expect(lines[1]).toBe('1 earlier push key(s) revoked');
    const live = await database.db
      .selectFrom('push_keys')
      .select('label')
      .where('org_id', '=', acme)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([{ label: 'new' }]);
    const log = await database.db
      .selectFrom('operation_logs')
      .select('content')
      .where('org_id', '=', acme)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.content).toBe('Rotated the push keys (1 revoked): created one (new)');
  });
});
