import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/core/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import { createRepositories, type Repositories } from '../../server/repositories';
import { verifyPassword } from '../../server/security/password-hasher';
import { type CliRun, cliInProcess, cliProcess } from '../helpers/cli-run';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-'));
const env = () => ({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' });
const outcome = ({ code, stdout, stderr }: CliRun) => ({
  code,
  stdout: code === 0 ? stdout : stdout + stderr,
});

/** Runs `npm run cli -- ...` on a private SQLite database, in this process (tests/helpers/cli-run.ts). */
async function cli(...args: string[]) {
  return outcome(await cliInProcess(args, env()));
}

/** The same the way an operator does: a process of its own, for its exit code and streams. */
async function cliThroughProcess(...args: string[]) {
  return outcome(await cliProcess(args, env()));
}

describe('operator CLI', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an organisation with its administrator and prints the sign-in', async () => {
    const result = await cliThroughProcess(
      'org:create',
      '--name',
      'Pharma Co',
      '--admin',
      'boss@pharma.test',
      '--products',
      'ELN,PM',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^organisation 1 created\nadmin: boss@pharma\.test password: \S{16}\nThis password must be changed at the first sign-in\.\n$/,
    );
    expect((await cliThroughProcess('org:list')).stdout).toBe('1\tPharma Co\n');
  });

  it('licenses products, and refuses unknown organisations and products', async () => {
    expect((await cli('org:grant', '--org', '1', '--products', 'CIMS', '--all-members')).code).toBe(0);
    const unknownOrg = await cli('org:grant', '--org', '9', '--products', 'CIMS');
    expect(unknownOrg.code).toBe(1);
    expect(unknownOrg.stdout).toContain('No organisation with id 9');
    const unknownProduct = await cli('org:grant', '--org', '1', '--products', 'NOPE');
    expect(unknownProduct.stdout).toContain('Unknown product code(s): NOPE');
  });

  describe('account recovery', () => {
    let database: DatabaseHandle;
    let repos: Repositories;
    beforeAll(async () => {
      database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
      repos = createRepositories(database.db);
    });
    const boss = async () => (await repos.accounts.findById(1, 1))!;
    const oplog = () =>
      database.db
        .selectFrom('operation_logs')
        .selectAll()
        .where('module', '=', 'member')
        .orderBy('id')
        .execute();
    afterAll(() => database.destroy());

    it('gives the administrator of a new organisation an initial password that must be changed', async () => {
      expect(await boss()).toMatchObject({ must_change_password: 1, status: 'active' });
    });

    it('unlocks a locked account, forgets its failed sign-ins and logs who did it', async () => {
      await repos.accounts.lock(1, 1, Date.now());
      await repos.authFailures.increment('account:boss@pharma.test', Date.now(), 60_000);
      const result = await cli('account:unlock', 'Boss@Pharma.test');
      expect(result).toEqual({
        code: 0,
        stdout: 'Boss@Pharma.test unlocked in organisation 1 (Pharma Co)\n',
      });
      expect((await boss()).status).toBe('active');
      expect(
        (await repos.authFailures.countMany(['account:boss@pharma.test'], Date.now(), 60_000)).size,
      ).toBe(0);
      expect(await oplog()).toEqual([
        expect.objectContaining({
          org_id: 1,
          operator_name: 'operator-cli',
          content: 'Unlocked account boss@pharma.test',
        }),
      ]);
    });

    it('resets a password to a printed one-time password that must be changed, ending the sessions', async () => {
      await repos.accounts.lock(1, 1, Date.now());
      await repos.sessions.insert({
        tokenHash: 'a'.repeat(64),
        accountId: 1,
        orgId: 1,
        autoLogin: true,
        now: Date.now(),
        ip: '127.0.0.1',
        userAgent: 'test',
      });
      const result = await cli('account:reset-password', 'boss@pharma.test');
      expect(result.code).toBe(0);
      const password = /^boss@pharma\.test password: (\S{16})$/m.exec(result.stdout)?.[1];
      expect(password).toBeDefined();
      const account = await boss();
      expect(await verifyPassword(account.password_hash, password!)).toBe(true);
      expect(account).toMatchObject({ must_change_password: 1, status: 'active' });
      expect((await repos.sessions.findByTokenHash('a'.repeat(64)))?.revoked_at).not.toBeNull();
      expect((await oplog()).at(-1)?.content).toContain('Reset the password of account boss@pharma.test');
    });

    it("refuses to reset a domain account's password, which is the directory's, and changes nothing", async () => {
      const id = await repos.accounts.insert({
        org_id: 1,
        dept_id: null,
        real_name: 'Dana Domain',
        mobile: null,
        email: 'dana@pharma.test',
        password_hash: '',
        status: 'active',
        is_org_admin: 0,
        login_type: 1,
        lang: 'en-US',
        ui_version: 'NEW',
        photo: '',
        must_change_password: 0,
        password_changed_at: Date.now(),
        is_home_guided: 0,
        is_personal_center_guided: 0,
        created_at: Date.now(),
        last_login_at: null,
        removed_at: null,
      });
      const logged = (await oplog()).length;
      const result = await cli('account:reset-password', 'dana@pharma.test');
      expect(result.code).toBe(1);
      expect(result.stdout).toBe(
        "dana@pharma.test is a domain account: its password is the directory's (AD/LDAP). Reset it in the directory; nothing was changed\n",
      );
      expect(await repos.accounts.findById(1, id)).toMatchObject({
        password_hash: '',
        must_change_password: 0,
      });
      expect(await oplog()).toHaveLength(logged);
    });

    it('names an unknown account and exits 1', async () => {
      for (const command of ['account:unlock', 'account:reset-password']) {
        const result = await cli(command, 'ghost@pharma.test');
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('No account with the mobile number or email ghost@pharma.test\n');
      }
      expect((await cli('account:unlock')).stdout).toContain(
        'name the account by its mobile number or email',
      );
    });
  });

  it('explains its usage for a missing option', async () => {
    const result = await cliThroughProcess('org:create', '--name', 'No Admin');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('--admin is required');
    expect(result.stdout).toContain('Operator commands');
  });
});

describe('operator CLI: org:password-policy', () => {
  it('shows the defaults, changes only the settings given, logs the change and refuses a bad value', async () => {
    await cli('org:create', '--name', 'Policy Co', '--admin', 'boss@policy-cli.test');
    const orgId = /^(\d+)\tPolicy Co$/m.exec((await cli('org:list')).stdout)![1];
    expect((await cli('org:password-policy', '--org', orgId)).stdout).toBe(
      `password policy of organisation ${orgId}: length 15-128, classes none, expiry never, history 5, lock after 5 failures\n`,
    );
    const changed = await cli(
      ...['org:password-policy', '--org', orgId, '--min-length', '6', '--require', 'upper,digit'],
      ...['--expiry', '3months', '--lock-after', '8'],
    );
    expect(changed).toEqual({
      code: 0,
      stdout:
        `password policy of organisation ${orgId}: length 6-128, classes upper+digit, expiry 3months, history 5, lock after 8 failures\n` +
        'NIST SP 800-63B-4 recommends at least 15 characters while the password is the only sign-in factor (8 once security verification asks for a code at every sign-in)\n' +
        'NIST SP 800-63B-4 advises against composition rules: they make passwords more predictable, not stronger; length and the guessability check protect better\n' +
        'NIST SP 800-63B-4 advises against periodic expiry: ask for a change only when there is evidence the password is compromised\n',
    });
    expect((await cli('org:password-policy', '--org', orgId, '--history', '0')).stdout).toContain(
      'length 6-128, classes upper+digit, expiry 3months, history 0, lock after 8',
    );

    const tooShortMax = await cli('org:password-policy', '--org', orgId, '--max-length', '4');
    expect(tooShortMax).toEqual({
      code: 1,
      stdout: 'maxLength must be a whole number from 6 to 1024; nothing was changed\n',
    });
    const badExpiry = await cli('org:password-policy', '--org', orgId, '--expiry', '2h');
    expect(badExpiry.stdout).toContain('--expiry takes never, 10m, 30m, 1h, 24h or <n>months');
    expect((await cli('org:password-policy', '--org', '999', '--history', '1')).stdout).toBe(
      'No organisation with id 999\n',
    );

    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      const rows = await database.db
        .selectFrom('operation_logs')
        .select(['operator_name', 'content'])
        .where('org_id', '=', Number(orgId))
        .where('module', '=', 'security')
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          operator_name: 'operator-cli',
          content:
            'Set the password policy: length 6-128, classes upper, digit, expiry 3 months, history 5, lock after 8 failures',
        },
        {
          operator_name: 'operator-cli',
          content:
            'Set the password policy: length 6-128, classes upper, digit, expiry 3 months, history 0, lock after 8 failures',
        },
      ]);
    } finally {
      await database.destroy();
    }
  });
});

describe('operator CLI: org:secondary-verification', () => {
  it('shows the mode, sets it with an operation-log row, and refuses a bad mode or organisation', async () => {
    await cli('org:create', '--name', 'Verify Co', '--admin', 'boss@verify-cli.test');
    const orgId = /^(\d+)\tVerify Co$/m.exec((await cli('org:list')).stdout)![1];
    expect(await cli('org:secondary-verification', '--org', orgId)).toEqual({
      code: 0,
      stdout: `security verification at sign-in of organisation ${orgId}: off\n`,
    });
    expect(await cli('org:secondary-verification', '--org', orgId, '--mode', 'new-device')).toEqual({
      code: 0,
      stdout: `security verification at sign-in of organisation ${orgId}: new-device\n`,
    });
    const bad = await cli('org:secondary-verification', '--org', orgId, '--mode', 'sometimes');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('--mode takes off, new-device, always');
    expect((await cli('org:secondary-verification', '--org', '999', '--mode', 'always')).stdout).toBe(
      'No organisation with id 999\n',
    );

    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      const rows = await database.db
        .selectFrom('operation_logs')
        .select(['operator_name', 'module', 'content'])
        .where('org_id', '=', Number(orgId))
        .where('module', '=', 'systemSetting')
        .execute();
      expect(rows).toEqual([
        {
          operator_name: 'operator-cli',
          module: 'systemSetting',
          content: 'Set the security verification at sign-in: on a new device or address',
        },
      ]);
    } finally {
      await database.destroy();
    }
  });
});

describe('operator CLI: help and mistakes', () => {
  it("prints a command's own usage for --help, and names the command or option meant by a mistyped one", async () => {
    const help = await cliThroughProcess('org:create', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('org:create   --name <name> --admin <mobile or email>');
    expect(help.stdout).not.toContain('org:grant');

    const mistyped = await cli('org:lst');
    expect(mistyped).toEqual({
      code: 1,
      stdout: 'unknown command org:lst; did you mean org:list?\nnpm run cli -- help lists every command.\n',
    });

    const option = await cli('org:password-policy', '--org', '1', '--min-lenght', '6');
    expect(option.code).toBe(1);
    expect(option.stdout).toMatch(
      /^org:password-policy has no option --min-lenght; did you mean --min-length\?\n/,
    );
    expect(option.stdout).toContain('org:password-policy --org <id> [--min-length N]');
    expect(option.stdout).not.toContain('org:create');
  });
});
