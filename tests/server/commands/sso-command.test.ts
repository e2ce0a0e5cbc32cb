import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliArgs } from '../../helpers/cli-args';
import { startSsoFakes, type SsoFakes } from '../../helpers/sso-fakes';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-sso-'));

/** Runs `npm run cli -- ...` the way an operator does, on a private SQLite database. */
async function cli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, cliArgs(args), {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        PUBLIC_URL: 'https://portal.test',
        ...env,
      },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

describe('npm run cli -- org:sso', () => {
  let idp: SsoFakes;
  let allow: Record<string, string>;
  beforeAll(async () => {
    idp = await startSsoFakes({
      clientId: 'portal',
      clientSecret: 's3',
      redirectUri: 'https://portal.test/api/sso/callback',
    });
    allow = { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${idp.port}` };
    expect((await cli({}, 'org:create', '--name', 'Lab', '--admin', 'boss@lab.example')).code).toBe(0);
  });
  afterAll(async () => {
    await idp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const oidc = () => [
    '--org',
    '1',
    '--oidc-issuer',
    `${idp.base}/oidc`,
    '--client-id',
    'portal',
    '--client-secret',
    's3',
  ];

  it('applies an OIDC issuer and prints the callback and sign-in addresses', async () => {
    const set = await cli(allow, 'org:sso', ...oidc(), '--map', 'externalId=sub,email=email');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain(
      'callback address to register at the identity provider: https://portal.test/api/sso/callback',
    );
    expect(set.stdout).toContain('sign-in address for members: https://portal.test/#/sso?orgId=1');
  });

  it('refuses the identity provider on this machine unless OUTBOUND_ALLOW_HOSTS names it', async () => {
    const refused = await cli({}, 'org:sso', ...oidc());
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('The portal does not connect to 127.0.0.1');
  });

  it('refuses --enable before a successful debug, and a mapping of an unknown field', async () => {
    const enable = await cli(allow, 'org:sso', '--org', '1', '--enable');
    expect(enable.code).toBe(1);
    expect(enable.stdout).toContain('Debug the saved configuration first');
    const map = await cli(allow, 'org:sso', ...oidc(), '--map', 'colour=blue');
    expect(map.code).toBe(1);
    expect(map.stdout).toContain('--map');
  });

  it('applies a CAS server with its protocol version', async () => {
    const set = await cli(
      allow,
      'org:sso',
      '--org',
      '1',
      '--cas-url',
      `${idp.base}/cas`,
      '--cas-version',
      '2.0',
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('configuration applied');
  });
});
