import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sourcesKey } from '../../scripts/bundle-server.mjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');

describe('sourcesKey', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-sources-'));
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('changes with a file’s content, name or presence, and not with its modification time alone', () => {
    fs.mkdirSync(path.join(base, 'server', 'commands'), { recursive: true });
    fs.writeFileSync(path.join(base, 'server', 'cli.ts'), 'one');
    fs.writeFileSync(path.join(base, 'server', 'commands', 'a.ts'), 'two');
    fs.writeFileSync(path.join(base, 'package-lock.json'), '{}');
    const key = () => sourcesKey(base, ['server', 'package-lock.json', 'missing.json']);
    const first = key();
    fs.utimesSync(path.join(base, 'server', 'cli.ts'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(key()).toBe(first);
    fs.writeFileSync(path.join(base, 'server', 'commands', 'a.ts'), 'three');
    const changed = key();
    expect(changed).not.toBe(first);
    fs.renameSync(
      path.join(base, 'server', 'commands', 'a.ts'),
      path.join(base, 'server', 'commands', 'b.ts'),
    );
    expect(key()).not.toBe(changed);
    fs.writeFileSync(path.join(base, 'server', 'commands', 'a.ts'), 'three');
    expect(key()).not.toBe(changed);
  });
});

describe('npm run cli (the bundled CLI)', () => {
  // A bundle directory of this test's own, so that the project's dist-server is left alone.
  const bundleDir = `dist-server-cli-test-${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-cli-bundle-'));
  afterAll(() => {
    fs.rmSync(path.join(root, bundleDir), { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) =>
    run(process.execPath, ['scripts/cli.mjs', ...args], {
      cwd: root,
      env: { ...process.env, SERVER_BUNDLE_DIR: bundleDir, DATA_DIR: dataDir, SEED_DEMO: 'false' },
    });
  const bundled = (stderr: string) => stderr.includes('bundling the server and the CLI');

  it('bundles on its first call (once for calls at the same time), then runs the bundle until a source changes', async () => {
    const [help, created] = await Promise.all([
      cli('org:list', '--help'),
      cli('org:create', '--name', 'Bundle Co', '--admin', 'boss@bundle.test'),
    ]);
    expect([help, created].filter(({ stderr }) => bundled(stderr))).toHaveLength(1);
    expect(help.stdout).toContain('org:list                                    list organisations');
    expect(created.stdout).toMatch(/^organisation 1 created\n/);
    expect(fs.readFileSync(path.join(root, bundleDir, 'sources.key'), 'utf8')).toBe(sourcesKey());

    const listed = await cli('org:list');
    expect(listed).toEqual({ stdout: '1\tBundle Co\n', stderr: '' });

    // A bundle made from other sources than the ones in place now is made again before it runs.
    fs.writeFileSync(path.join(root, bundleDir, 'sources.key'), 'sources of an older checkout');
    const again = await cli('org:list');
    expect(bundled(again.stderr)).toBe(true);
    expect(again.stdout).toBe('1\tBundle Co\n');
    expect(fs.readFileSync(path.join(root, bundleDir, 'sources.key'), 'utf8')).toBe(sourcesKey());
  }, 240_000);
});
