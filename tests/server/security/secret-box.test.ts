import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSecretBox,
  lazySecretBox,
  loadSecretsKey,
  SECRETS_KEY_FILE,
  SecretBoxError,
} from '../../../server/security/secret-box';

describe('secrets at rest', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-secrets-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seals with AES-256-GCM: a fresh nonce each time, opened only with the same key and context', () => {
    const box = createSecretBox(Buffer.alloc(32, 9));
    const sealed = box.seal('app-secret', 'host_integrations:1:dingtalk:app_secret');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain('app-secret');
    expect(box.seal('app-secret', 'ctx')).not.toBe(box.seal('app-secret', 'ctx'));
    expect(box.open(sealed, 'host_integrations:1:dingtalk:app_secret')).toBe('app-secret');
    expect(() => box.open(sealed, 'host_integrations:2:dingtalk:app_secret')).toThrow(SecretBoxError);
    expect(() =>
      createSecretBox(Buffer.alloc(32, 8)).open(sealed, 'host_integrations:1:dingtalk:app_secret'),
    ).toThrow(/not the key it was saved with/);
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'AB' : 'AA');
    expect(() => box.open(tampered, 'host_integrations:1:dingtalk:app_secret')).toThrow(SecretBoxError);
  });

  it('uses SECRETS_KEY when set, else generates one key file (mode 0600) that every process then shares', () => {
    const given = Buffer.alloc(32, 5);
    expect(loadSecretsKey({ secretsKey: given, dataDir })).toBe(given);
    expect(fs.existsSync(path.join(dataDir, SECRETS_KEY_FILE))).toBe(false);

    const lazy = lazySecretBox({ secretsKey: null, dataDir });
    expect(fs.existsSync(path.join(dataDir, SECRETS_KEY_FILE))).toBe(false);
    const sealed = lazy.seal('s', 'c');
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = loadSecretsKey({ secretsKey: null, dataDir });
    expect(key).toHaveLength(32);
    expect(loadSecretsKey({ secretsKey: null, dataDir })).toEqual(key);
    expect(createSecretBox(key).open(sealed, 'c')).toBe('s');
  });
});
