import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import { runOrgConfigCommand } from '../../../server/commands/org-config-command';
import { createOrganization } from '../../../server/provisioning';
import { createRepositories } from '../../../server/repositories';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);
const DEPLOYMENT = { reset: true, appDownload: false };

describe('operator CLI org:config', () => {
  let database: TestDatabase;
  let orgId: number;
  const run = (options: { set?: string; list?: boolean }, org = String(orgId)) =>
    runOrgConfigCommand(database.db, DEPLOYMENT, { org, ...options }, NOW);
  const logs = () =>
    database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('content', 'like', "Set the organisation's configuration%")
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    ({ orgId } = await createOrganization(
      database.db,
      {
        name: 'Cli Lab',
        products: [],
        admin: { realName: 'Boss', password: 'Lab#Pass2026-Quartz', account: 'boss@cfgcli.example' },
      },
      NOW,
    ));
  });
  afterAll(() => database.drop());

  it('lists the settings without changing anything', async () => {
    expect(await run({ list: true })).toEqual([
      `configuration of organisation ${orgId}:`,
      '  modules.reset on (default)',
      '  modules.appDownload on (switched off for the deployment) (default)',
      '  security.signInVerification off (default)',
      '  session.lockIdleMinutes 0 (default)',
    ]);
    expect(await logs()).toHaveLength(0);
  });

  it('sets keys with one operation-log row by the operator', async () => {
    const lines = await run({ set: 'reset=off, lockIdleMinutes=15,signInVerification=new-device' });
    expect(lines).toContain('  modules.reset off');
    expect(lines).toContain('  session.lockIdleMinutes 15');
    expect(await logs()).toEqual([
      {
        content:
          "Set the organisation's configuration: Forgot password (self-service reset): off, Lock screen after: 15 minutes, Security verification: On a new device or address",
        operator_name: 'operator-cli',
      },
    ]);
    expect((await createRepositories(database.db).secondaryVerification.findMode(orgId)).mode).toBe(
      'new-device',
    );
  });

  it.each([
    ['an unknown key', 'colour=red', /--set colour: There is no such setting/],
    [
      'a number out of range',
      'lockIdleMinutes=999',
      /--set lockIdleMinutes: Enter a whole number from 0 to 480/,
    ],
    ['a switch as a word', 'reset=maybe', /--set reset: Choose on or off/],
  ])('refuses %s, changing nothing', async (_name, set, message) => {
    const before = await logs();
    await expect(run({ set })).rejects.toThrow(message);
    await expect(run({ set })).rejects.toBeInstanceOf(CommandError);
    expect(await logs()).toEqual(before);
  });

  it('switches a module off, and refuses it back on while the deployment has it off', async () => {
    expect(await run({ set: 'appDownload=off' })).toContain(
      '  modules.appDownload off (switched off for the deployment)',
    );
    const before = await logs();
    await expect(run({ set: 'appDownload=on' })).rejects.toThrow(
      "--set appDownload: This module is switched off for the deployment; your organisation can't switch it on",
    );
    expect(await logs()).toEqual(before);
  });

  it('refuses an unknown organisation', async () => {
    await expect(run({ list: true }, '99999')).rejects.toThrow('No organisation with id 99999');
    await expect(run({ list: true }, 'x')).rejects.toThrow('--org must be an organisation id');
  });
});
