import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMemberCommand } from '../../../server/commands/member-command';
import { createOrganization } from '../../../server/provisioning';
import { createTestDatabase, engines, type TestDatabase } from '../../helpers/test-database';
import { cliArgs } from '../../helpers/cli-args';

const run = promisify(execFile);
const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);

describe('npm run cli -- member:add', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-member-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Runs `npm run cli -- ...` the way an operator does, on a private SQLite database. */
  async function cli(...args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, cliArgs(args), {
        env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' },
      });
      return { code: 0, stdout: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout + failed.stderr };
    }
  }

  it('adds a member with a generated password printed once, and refuses a duplicate', async () => {
    expect((await cli('org:create', '--name', 'Cli Lab', '--admin', 'boss@cli.test')).code).toBe(0);
    const added = await cli('member:add', '139 0000 0042', '--org', '1', '--name', 'Cli Member');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^member \d+ added to organisation 1\npassword: \S{10,}\n/);
    const again = await cli('member:add', '１３９００００００４２', '--org', '1', '--name', 'Copy');
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('This mobile number or email is already in use; nothing was changed');
  });
});

describe.each(engines())('member commands on %s', (engine) => {
  let database: TestDatabase;
  let orgId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ orgId } = await createOrganization(
      database.db,
      { name: 'Ops Lab', products: ['ELN'], admin: { realName: 'Boss', account: 'boss@ops.test' } },
      NOW,
    ));
  });
  afterAll(() => database.drop());

  const member = (account: string) =>
    database.db
      .selectFrom('accounts')
      .selectAll()
      .where((eb) => eb.or([eb('email', '=', account), eb('mobile', '=', account)]))
      .executeTakeFirstOrThrow();

  it('adds with products and a typed password, sets and revokes the administrator right, removes', async () => {
    const lines = await runMemberCommand(
      database.db,
      'member:add',
      'ops@ops.test',
      { org: String(orgId), name: 'Ops', products: 'eln', password: 'Typed#Pass2026-kestrel' },
      NOW,
    );
    expect(lines[1]).toBe('The password given must be changed at the first sign-in.');
    expect(await member('ops@ops.test')).toMatchObject({ must_change_password: 1, is_org_admin: 0 });

    await runMemberCommand(database.db, 'member:set-admin', 'ops@ops.test', {}, NOW);
    expect((await member('ops@ops.test')).is_org_admin).toBe(1);
    await runMemberCommand(database.db, 'member:set-admin', 'ops@ops.test', { revoke: true }, NOW);
    expect((await member('ops@ops.test')).is_org_admin).toBe(0);

    expect(await runMemberCommand(database.db, 'member:remove', 'OPS@ops.test', {}, NOW)).toEqual([
      `OPS@ops.test removed from organisation ${orgId}; their sessions were ended`,
    ]);
    expect(await member('ops@ops.test')).toMatchObject({ status: 'removed', removed_at: NOW });
    const logs = await database.db
      .selectFrom('operation_logs')
      .select(['operator_name', 'content'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'member')
      .orderBy('id')
      .execute();
    expect(logs.map((row) => row.content)).toEqual([
      'Added member Ops (ops@ops.test)',
      'Made administrator Ops (ops@ops.test)',
      'Revoked the administrator right of Ops (ops@ops.test)',
      'Removed member Ops (ops@ops.test)',
    ]);
    expect(logs.every((row) => row.operator_name === 'operator-cli')).toBe(true);
  });

  it('keeps the last administrator', async () => {
    await expect(runMemberCommand(database.db, 'member:remove', 'boss@ops.test', {}, NOW)).rejects.toThrow(
      'The organisation must keep at least one administrator; nothing was changed',
    );
    await expect(
      runMemberCommand(database.db, 'member:set-admin', 'boss@ops.test', { revoke: true }, NOW),
    ).rejects.toThrow('at least one administrator');
    expect(await member('boss@ops.test')).toMatchObject({ status: 'active', is_org_admin: 1 });
  });

  it('refuses unknown organisations, products and members', async () => {
    await expect(
      runMemberCommand(database.db, 'member:add', 'x@ops.test', { org: '999', name: 'X' }, NOW),
    ).rejects.toThrow('No organisation with id 999');
    await expect(
      runMemberCommand(
        database.db,
        'member:add',
        'x@ops.test',
        { org: String(orgId), name: 'X', products: 'SDH' },
        NOW,
      ),
    ).rejects.toThrow('Your organisation is not licensed for SDH');
    await expect(runMemberCommand(database.db, 'member:remove', 'ghost@ops.test', {}, NOW)).rejects.toThrow(
      'No member with the mobile number or email ghost@ops.test',
    );
  });
});
