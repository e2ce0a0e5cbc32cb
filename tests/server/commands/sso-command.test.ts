import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, cliInProcess, cliProcess } from '../../helpers/cli-run';
import { startSsoFakes, type SsoFakes } from '../../helpers/sso-fakes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-sso-'));

const envWith = (env: Record<string, string>) => ({
  ...process.env,
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  PUBLIC_URL: 'https://portal.test',
  ...env,
});
const outcome = ({ code, stdout, stderr }: CliRun) => ({
  code,
  stdout: code === 0 ? stdout : stdout + stderr,
});

/** Runs `npm run cli -- ...` on a private SQLite database, in this process (tests/helpers/cli-run.ts). */
async function cli(env: Record<string, string>, ...args: string[]) {
  return outcome(await cliInProcess(args, envWith(env)));
}

/** The same the way an operator does: a process of its own, for its exit code and streams. */
async function cliThroughProcess(env: Record<string, string>, ...args: string[]) {
  return outcome(await cliProcess(args, envWith(env)));
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
    const set = await cliThroughProcess(allow, 'org:sso', ...oidc(), '--map', 'externalId=sub,email=email');
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
