import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import { runEsignCommand } from '../../../server/commands/esign-command';
import { createOrganization } from '../../../server/provisioning';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('operator CLI esign:settings', () => {
  let database: TestDatabase;
  let orgId: number;
  const run = (options: Record<string, string>) =>
    runEsignCommand(database.db, { org: String(orgId), ...options }, NOW);
  const logs = () =>
    database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('content', 'like', 'Set the electronic signature%')
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    ({ orgId } = await createOrganization(
      database.db,
      {
        name: 'Cli Lab',
        products: [],
        admin: { realName: 'Boss', password: 'Lab#Pass2026-Quartz', account: 'boss@escli.example' },
      },
      NOW,
    ));
  });
  afterAll(() => database.drop());

  it('shows the settings without changing anything', async () => {
    expect(await run({})).toEqual([
      `electronic signature of organisation ${orgId}: on`,
      '  strength medium; minimum length 6; same as login password not allowed',
    ]);
    expect(await logs()).toHaveLength(0);
  });

  it('changes what is given, with one operation-log row by operator-cli', async () => {
    const lines = await run({ strength: 'strong', 'min-length': '10', 'same-as-login': 'on', switch: 'off' });
    expect(lines).toEqual([
      `electronic signature of organisation ${orgId}: off`,
      '  strength strong; minimum length 10; same as login password allowed',
    ]);
    expect(await logs()).toEqual([
      { content: expect.stringContaining('minimum length: 10'), operator_name: 'operator-cli' },
    ]);
    expect((await run({ strength: 'low' }))[1]).toContain('strength low; minimum length 10');
  });

  it.each([
    [{ 'min-length': '5' }, '--min-length'],
    [{ 'min-length': 'ten' }, '--min-length'],
    [{ strength: 'extreme' }, '--strength'],
    [{ switch: 'yes' }, '--switch'],
    [{ org: '999999' }, 'No organisation'],
  ])('refuses %o with nothing changed', async (options, message) => {
    const before = await logs();
    await expect(run(options)).rejects.toThrow(CommandError);
    await expect(run(options)).rejects.toThrow(message);
    expect(await logs()).toHaveLength(before.length);
  });
});
