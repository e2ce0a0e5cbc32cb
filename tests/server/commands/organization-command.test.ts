import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../../../server/commands/command';
import { runOrganizationCommand } from '../../../server/commands/organization-command';
import { createOrganization } from '../../../server/provisioning';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('operator CLI org:update and dept:*', () => {
  let database: TestDatabase;
  let orgId: number;
  const run = (command: string, options: Record<string, string | boolean>) =>
    runOrganizationCommand(database.db, command, { org: String(orgId), ...options }, NOW);

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    ({ orgId } = await createOrganization(
      database.db,
      {
        name: 'Cli Lab',
        products: [],
        admin: { realName: 'Boss', account: 'boss@cli.example', password: 'Lab#Pass2026-Quartz' },
      },
      NOW,
    ));
  });
  afterAll(() => database.drop());

  it('changes the organisation info and uploads a logo, logging as operator-cli', async () => {
    const logo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'uc-logo-')), 'logo.png');
    fs.writeFileSync(logo, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    const lines = await run('org:update', {
      name: 'Cli Lab 2',
      industry: 'Chemicals',
      contact: 'desk',
      logo,
    });
    expect(lines).toEqual([
      `organisation ${orgId}: Cli Lab 2`,
      'industry: Chemicals',
      'contact: desk',
      'logo: uploaded',
    ]);
    const rows = await database.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('org_id', '=', orgId)
      .execute();
    expect(
      rows.filter((row) => row.module === 'orgInfo' && row.operator_name === 'operator-cli'),
    ).toHaveLength(2);
  });

  it('refuses a renamed non-image logo in the screen’s words', async () => {
    const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'uc-logo-')), 'fake.png');
    fs.writeFileSync(fake, 'not an image');
    await expect(run('org:update', { logo: fake })).rejects.toThrow(
      'Wrong file format, upload png, jpg files; nothing was changed',
    );
  });

  it('builds, renames, moves, manages and deletes departments', async () => {
    expect(await run('dept:create', { name: 'R&D', manager: 'boss@cli.example' })).toEqual([
      'department 1 created',
    ]);
    await run('dept:create', { name: 'Chem', parent: '1' });
    await run('dept:rename', { dept: '2', name: 'Chemistry' });
    expect(await run('dept:list', {})).toEqual([
      '#1 R&D (manager Boss), 0 member(s)',
      '  #2 Chemistry, 0 member(s)',
    ]);
    await run('dept:move', { dept: '2', top: true });
    await run('dept:set', { dept: '1', 'no-manager': true, description: 'labs' });
    expect(await run('dept:list', {})).toEqual(['#2 Chemistry, 0 member(s)', '#1 R&D, 0 member(s)']);
    expect(await run('dept:delete', { dept: '2' })).toEqual(['department 2 deleted']);
  });

  it('refuses a move under the department’s own child and a non-empty delete', async () => {
    await run('dept:create', { name: 'Child', parent: '1' });
    await expect(run('dept:move', { dept: '1', parent: '3' })).rejects.toThrow(
      "A department can't be moved under one of its own sub-departments; nothing was changed",
    );
    await expect(run('dept:delete', { dept: '1' })).rejects.toThrow(CommandError);
    await expect(run('dept:create', { name: '  ' })).rejects.toThrow('Name: Cannot be all spaces');
  });
});
