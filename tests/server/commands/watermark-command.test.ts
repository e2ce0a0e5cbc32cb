import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../../server/provisioning';
import { CommandError } from '../../../server/commands/command';
import { runWatermarkCommand } from '../../../server/commands/watermark-command';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('operator CLI org:watermark', () => {
  let database: TestDatabase;
  let orgId: number;
  const run = (options: Record<string, string>) =>
    runWatermarkCommand(database.db, { org: String(orgId), ...options }, NOW);
  const logs = () =>
    database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('content', 'like', 'Set the watermark%')
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    ({ orgId } = await createOrganization(
      database.db,
      {
        name: 'Cli Lab',
        products: [],
        admin: { realName: 'Boss', password: 'Lab#Pass2026-Quartz', account: 'boss@wmcli.example' },
      },
      NOW,
    ));
  });
  afterAll(() => database.drop());

  it('shows the watermark without changing anything', async () => {
    expect((await run({}))[0]).toBe(`watermark of organisation ${orgId}: off`);
    expect(await logs()).toHaveLength(0);
  });

  it('changes the settings given and switches on, with one operation-log row by operator-cli', async () => {
    const lines = await run({ switch: 'on', text: 'Secret', contents: 'name,time', density: 'dense' });
    expect(lines.join('\n')).toContain('on');
    expect(lines.join('\n')).toContain('density dense');
    expect(await logs()).toEqual([expect.objectContaining({ operator_name: 'operator-cli' })]);
  });

  it.each([
    [{ size: '99' }, /--size/],
    [{ density: 'thick' }, /--density/],
    [{ wrap: 'maybe' }, /--wrap takes on or off/],
  ])('refuses %j and changes nothing', async (options, message) => {
    await expect(run(options)).rejects.toThrow(message);
    expect(await logs()).toHaveLength(1);
  });

  it('refuses an SVG file as the picture', async () => {
    const file = path.join(tmpdir(), `wm-${process.pid}.png`);
    await writeFile(file, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(run({ image: file })).rejects.toBeInstanceOf(CommandError);
    expect(await logs()).toHaveLength(1);
  });
});
