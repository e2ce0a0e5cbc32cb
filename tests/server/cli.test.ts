import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-'));

/** Runs `npm run cli -- ...` the way an operator does, on a private SQLite database. */
async function cli(...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

describe('operator CLI', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an organisation with its administrator and prints the sign-in', async () => {
    const result = await cli(
      'org:create',
      '--name',
      'Pharma Co',
      '--admin',
      'boss@pharma.test',
      '--products',
      'ELN,PM',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^organisation 1 created\nadmin: boss@pharma\.test password: \S{14}\n$/);
    expect((await cli('org:list')).stdout).toBe('1\tPharma Co\n');
  });

  it('licenses products, and refuses unknown organisations and products', async () => {
    expect((await cli('org:grant', '--org', '1', '--products', 'CIMS', '--all-members')).code).toBe(0);
    const unknownOrg = await cli('org:grant', '--org', '9', '--products', 'CIMS');
    expect(unknownOrg.code).toBe(1);
    expect(unknownOrg.stdout).toContain('No organisation with id 9');
    const unknownProduct = await cli('org:grant', '--org', '1', '--products', 'NOPE');
    expect(unknownProduct.stdout).toContain('Unknown product code(s): NOPE');
  });

  it('explains its usage for a missing option', async () => {
    const result = await cli('org:create', '--name', 'No Admin');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('--admin is required');
    expect(result.stdout).toContain('Operator commands');
  });
});
