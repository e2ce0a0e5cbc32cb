import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import { runGovernanceCommand } from '../../../server/commands/governance-command';
import { addMember, createOrganization } from '../../../server/provisioning';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('operator CLI org:ip-whitelist', () => {
  let database: TestDatabase;
  let orgId: number;
  let otherOrg: number;
  const run = (options: Record<string, string>, org = orgId) =>
    runGovernanceCommand(database.db, { org: String(org), ...options }, NOW);
  const logs = () =>
    database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'ipWhitelist')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const admin = { realName: 'Boss', password: 'Lab#Pass2026-Quartz' };
    ({ orgId } = await createOrganization(
      database.db,
      { name: 'Cli Lab', products: [], admin: { ...admin, account: 'boss@ipcli.example' } },
      NOW,
    ));
    ({ orgId: otherOrg } = await createOrganization(
      database.db,
      { name: 'Other', products: [], admin: { ...admin, account: 'boss@other-ipcli.example' } },
      NOW,
    ));
    await addMember(
      database.db,
      orgId,
      { realName: 'Wanda', account: 'wanda@ipcli.example', password: 'Lab#Pass2026-Quartz' },
      NOW,
    );
    await addMember(
      database.db,
      otherOrg,
      { realName: 'Otto', account: 'otto@ipcli.example', password: 'Lab#Pass2026-Quartz' },
      NOW,
    );
  });
  afterAll(() => database.drop());

  it('shows the whitelist without changing anything', async () => {
    expect(await run({})).toEqual([
      `IP whitelist of organisation ${orgId}: off`,
      '  (no addresses)',
      'unrestricted members (0): none',
    ]);
    expect(await logs()).toEqual([]);
  });

  it('sets the lines and the switch and adds an unrestricted member, logging as operator-cli', async () => {
    const lines = await run({
      switch: 'on',
      ips: '10.0.0.0/8, 2001:db8::/32',
      'unrestricted-add': 'wanda@ipcli.example',
    });
    expect(lines).toEqual([
      `IP whitelist of organisation ${orgId}: on`,
      '  10.0.0.0/8',
      '  2001:db8::/32',
      'unrestricted members (1): Wanda',
    ]);
    expect((await logs()).map((row) => row.operator_name)).toEqual(['operator-cli', 'operator-cli']);
  });

  it('refuses a bad line with its number and changes nothing', async () => {
    await expect(run({ ips: '10.0.0.0/8,10.0.0.0/40' })).rejects.toThrow(
      new CommandError('2 row is invalid, please check the IP address; nothing was changed'),
    );
    expect((await run({}))[1]).toBe('  10.0.0.0/8');
  });

  it('refuses a member of another organisation', async () => {
    await expect(run({ 'unrestricted-add': 'otto@ipcli.example' })).rejects.toThrow(CommandError);
    await expect(run({ switch: 'maybe' })).rejects.toThrow('--switch takes on or off');
  });

  it('takes a member off and empties the list', async () => {
    const lines = await run({ switch: 'off', ips: '', 'unrestricted-remove': 'wanda@ipcli.example' });
    expect(lines).toEqual([
      `IP whitelist of organisation ${orgId}: off`,
      '  (no addresses)',
      'unrestricted members (0): none',
    ]);
  });
});
