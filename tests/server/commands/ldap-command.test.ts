import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/core/config';
import { openDatabase } from '../../../server/db/database';
import { type CliRun, cliInProcess, cliProcess } from '../../helpers/cli-run';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-ldap-'));

const envWith = (env: Record<string, string>) => ({
  ...process.env,
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  ...env,
});
const outcome = ({ code, stdout, stderr }: CliRun) => ({
  code,
  stdout: code === 0 ? stdout : stdout + stderr,
});

/** Runs `npm run cli -- ...` on a private SQLite database, in this process (tests/helpers/cli-run.ts). */
async function cli(...args: string[]) {
  return cliWith({}, ...args);
}

/** The same, with more environment variables (the operator's outbound rules). */
async function cliWith(env: Record<string, string>, ...args: string[]) {
  return outcome(await cliInProcess(args, envWith(env)));
}

/** `npm run cli -- ...` the way an operator does: a process of its own, for its exit code and streams. */
async function cliThroughProcess(...args: string[]) {
  return outcome(await cliProcess(args, envWith({})));
}

const SETTING = [
  '--url',
  'ldap://dc.lab.test:389',
  '--user-dn-template',
  'uid={username},ou=people,dc=lab,dc=test',
  '--base-dn',
  'dc=lab,dc=test',
  '--filter',
  '(uid={username})',
  '--domain',
  'Lab.Test,LAB',
  '--provision',
];

describe('operator CLI org:ldap', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('sets, shows, disables and enables an organisation’s LDAP sign-in, each change in the operation log', async () => {
    expect((await cli('org:create', '--name', 'Lab', '--admin', 'boss@lab.example')).code).toBe(0);

    const set = await cliThroughProcess('org:ldap', '--org', '1', ...SETTING);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('organisation 1: LDAP sign-in enabled');
    expect(set.stdout).toContain('domains: lab, lab.test');
    expect(set.stdout).toContain('provision on first sign-in: yes');

    const disabled = await cli('org:ldap', '--org', '1', '--disable');
    expect(disabled.stdout).toContain('LDAP sign-in disabled');
    const shown = await cli('org:ldap', '--org', '1', '--show');
    expect(shown.stdout).toContain('LDAP sign-in disabled');
    expect(shown.stdout).toContain('user DN template: uid={username},ou=people,dc=lab,dc=test');
    expect((await cli('org:ldap', '--org', '1', '--enable')).stdout).toContain('LDAP sign-in enabled');

    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    const logs = await database.db
      .selectFrom('operation_logs')
      .select(['operator_name', 'content'])
      .where('module', '=', 'systemSetting')
      .execute();
    await database.destroy();
    expect(logs).toHaveLength(3);
    expect(logs.every((log) => log.operator_name === 'operator-cli')).toBe(true);
  });

  it('refuses a bad setting with the reason and changes nothing', async () => {
    const bad = await cliThroughProcess(
      'org:ldap',
      '--org',
      '1',
      ...SETTING.slice(0, 2),
      '--user-dn-template',
      'uid=x',
      '--base-dn',
      'dc=lab',
    );
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('The user DN template must contain {username}');
    const wrongScheme = await cli('org:ldap', '--org', '1', ...SETTING, '--url', 'http://dc.lab.test');
    expect(wrongScheme.stdout).toContain('ldap:// or ldaps://');
    expect((await cli('org:ldap', '--org', '1', '--show')).stdout).toContain('url: ldap://dc.lab.test:389');
  });

  it('refuses a directory on this machine unless OUTBOUND_ALLOW_HOSTS names it', async () => {
    const local = await cli('org:ldap', '--org', '1', ...SETTING, '--url', 'ldap://127.1:3891');
    expect(local.code).toBe(1);
    expect(local.stdout).toContain(
      'The portal does not connect to 127.1 (127.0.0.1): it is the server itself, a link-local, cloud metadata or reserved address',
    );
    expect((await cli('org:ldap', '--org', '1', '--show')).stdout).toContain('url: ldap://dc.lab.test:389');
    const allowed = await cliWith(
      { OUTBOUND_ALLOW_HOSTS: '127.0.0.1:3891' },
      'org:ldap',
      '--org',
      '1',
      ...SETTING,
      '--url',
      'ldap://127.0.0.1:3891',
    );
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('url: ldap://127.0.0.1:3891');
  });

  it('refuses an organisation that does not exist, or a domain another organisation uses', async () => {
    expect((await cli('org:ldap', '--org', '9', '--show')).stdout).toContain('No organisation with id 9');
    expect((await cli('org:create', '--name', 'Other', '--admin', 'boss@other.example')).code).toBe(0);
    const taken = await cli('org:ldap', '--org', '2', ...SETTING);
    expect(taken.code).toBe(1);
    expect(taken.stdout).toContain('The domain lab is already used by another organisation');
  });
});
