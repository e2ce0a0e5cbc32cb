import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import { runLabelTemplateCommand } from '../../../server/commands/label-template-command';
import { createOrganization } from '../../../server/provisioning';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 28, 9, 0, 0);
const TEMPLATE = {
  Name: 'Rack label',
  Type: 'sample',
  Width: 40,
  Height: 20,
  Components: [{ Key: 'code', Kind: 'qrcode', X: 1, Y: 1, Width: 15, Height: 15, Value: 'R-1' }],
};

describe('operator CLI org:label-templates', () => {
  let database: TestDatabase;
  let orgId: number;
  const dir = mkdtempSync(path.join(tmpdir(), 'label-cli-'));
  const file = (name: string, content: unknown) => {
    const target = path.join(dir, name);
    writeFileSync(target, JSON.stringify(content));
    return target;
  };
  const run = (options: Record<string, string>) =>
    runLabelTemplateCommand(database.db, { org: String(orgId), ...options }, NOW);

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    ({ orgId } = await createOrganization(
      database.db,
      {
        name: 'Cli Lab',
        products: ['LIMS'],
        admin: { realName: 'Boss', password: 'Lab#Pass2026-Quartz', account: 'boss@labelcli.example' },
      },
      NOW,
    ));
  });
  afterAll(() => database.drop());

  it('creates, disables and deletes a template as the screens do, with operation-log rows', async () => {
    const created = await run({ create: file('rack.json', TEMPLATE) });
    const id = /label template (\d+) created/.exec(created[0])?.[1] ?? '';
    expect(
      created.some((line) => line.includes(`${id}  Rack label  sample  40 × 20 mm  enabled  1 components`)),
    ).toBe(true);
    expect(
      (await run({ disable: id })).some((line) => line.includes('Rack label  sample  40 × 20 mm  disabled')),
    ).toBe(true);
    const after = await run({ delete: id });
    expect(after.some((line) => line.includes('Rack label'))).toBe(false);
    const logs = await database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'tagsDesign')
      .orderBy('id')
      .execute();
    expect(logs.map((row) => [row.content, row.operator_name])).toEqual([
      ['Created the label template Rack label', 'operator-cli'],
      ['Disabled the label template Rack label', 'operator-cli'],
      ['Deleted the label templates Rack label', 'operator-cli'],
    ]);
  });

  it('refuses what the screens refuse, changing nothing', async () => {
    const outside = { ...TEMPLATE, Name: 'Outside', Components: [{ ...TEMPLATE.Components[0], X: 30 }] };
    await expect(run({ create: file('outside.json', outside) })).rejects.toThrow(
      new CommandError('errors.labels.outsideLabel; nothing was changed'),
    );
    const system = (await run({})).find((line) => line.endsWith('system  4 components')) ?? '';
    const systemId = /^\s+(\d+)/.exec(system)?.[1] ?? '';
    await expect(run({ delete: systemId })).rejects.toThrow(
      'errors.labels.systemReadOnly; nothing was changed',
    );
  });
});
