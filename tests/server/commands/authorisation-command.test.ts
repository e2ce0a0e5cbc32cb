import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliRun, cliInProcess, cliProcess } from '../../helpers/cli-run';

describe('npm run cli -- member:products, org:seats, org:display, org:menu-access', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-authz-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const env = () => ({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const outcome = ({ code, stdout, stderr }: CliRun) => ({ code, stdout: stdout + stderr });

  /** Runs `npm run cli -- ...` on a private SQLite database, in this process (tests/helpers/cli-run.ts). */
  async function cli(...args: string[]) {
    return outcome(await cliInProcess(args, env()));
  }

  /** The same the way an operator does: a process of its own, for its exit code and streams. */
  async function cliThroughProcess(...args: string[]) {
    return outcome(await cliProcess(args, env()));
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
    const over = await cliThroughProcess(
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
