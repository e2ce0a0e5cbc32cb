import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseSecretsKey } from '../core/config';

/** Name of the generated key file in the data directory (next to the SQLite file). */
export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * Encrypts secrets kept at rest (apps' secrets, cached platform tokens) with AES-256-GCM. `context` (e.g.
 * `host_integrations:3:app_secret`) is authenticated with the value, so a sealed value copied into
 * another row does not open there.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

/** A stored secret that does not open: the key is not the one it was sealed with, or it was altered. */
export class SecretBoxError extends Error {}

const VERSION = 'v1';

/** A SecretBox over a 32-byte key. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, sealed, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, data, tag] = sealed.split('.');
      if (version !== VERSION || !iv || data === undefined || !tag) {
        throw new SecretBoxError('a stored secret is not in the expected format');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError(
          'a stored secret cannot be decrypted: SECRETS_KEY (or the data directory\u2019s secrets.key) ' +
            'is not the key it was saved with',
        );
      }
    },
  };
}

/**
 * The secrets key: SECRETS_KEY when set, else the key in `<dataDir>/secrets.key`, generated (32 random
 * bytes, base64, file mode 0600) the first time it is needed. Two processes starting at once (the server
 * and an operator command) end up with the same key: the file is created exclusively and re-read.
 */
export function loadSecretsKey(config: { secretsKey: Buffer | null; dataDir: string }): Buffer {
  if (config.secretsKey) return config.secretsKey;
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = parseSecretsKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (base64 or 64 hex digits)`);
  return key;
}

/**
 * A SecretBox whose key is loaded (or generated) at its first use, so a server or command that never
 * touches a secret never creates the key file.
 */
export function lazySecretBox(config: { secretsKey: Buffer | null; dataDir: string }): SecretBox {
  let box: SecretBox | null = null;
  const get = () => (box ??= createSecretBox(loadSecretsKey(config)));
  return {
    seal: (plain, context) => get().seal(plain, context),
    open: (sealed, context) => get().open(sealed, context),
  };
}
