import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cliArgs } from '../../helpers/cli-args';

const run = promisify(execFile);

describe('npm run cli -- member:products, org:seats, org:display, org:menu-access', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-authz-'));
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

  it('sets licences within the seats, the home display and the menus, refusing what the screen refuses', async () => {
    await cli('org:create', '--name', 'Cli Lab', '--admin', 'boss@cli-authz.test', '--products', 'ELN,CIMS');
    await cli('member:add', 'ann@cli-authz.test', '--org', '1', '--name', 'Ann');
    await cli('member:add', 'bob@cli-authz.test', '--org', '1', '--name', 'Bob');
    expect((await cli('org:seats', '--org', '1', '--product', 'ELN', '--seats', '2')).stdout).toContain(
      'ELN seats of organisation 1: 2',
    );
    const set = await cli(
      'member:products',
      '--org',
      '1',
      '--account',
      'ann@cli-authz.test',
      '--products',
      'ELN,CIMS',
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/member \d+: ELN, CIMS/);
    const over = await cli(
      'member:products',
      '--org',
      '1',
      '--account',
      'bob@cli-authz.test',
      '--products',
      'ELN',
    );
    expect(over.code).toBe(1);
    expect(over.stdout).toContain(
      'Electronic Lab Notebook has 2 seats and this would need 3; nothing was changed\n',
    );
    expect((await cli('org:display', '--org', '1', '--shown', 'ELN')).stdout).toContain('CIMS, LIMS');
    const hide = await cli('org:menu-access', '--org', '1', '--role', 'member', '--menus', 'info,password');
    expect(hide.code).toBe(0);
    const password = await cli('org:menu-access', '--org', '1', '--role', 'member', '--menus', 'info');
    expect(password.stdout).toContain('The Change password page cannot be hidden');
  }, 60_000);
});
