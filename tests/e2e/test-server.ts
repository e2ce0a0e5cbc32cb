import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

/** A data directory whose database is migrated and holds the demo organisation, made once per run. */
export interface ServerTemplate {
  dataDir: string;
  /** The demo credentials the template's first start printed (later starts print no passwords). */
  admin: { account: string; password: string };
  members: Array<{ account: string; password: string }>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplate: ServerTemplate;
  }
}

/**
 * A migrated and seeded data directory: global-setup.ts starts one server on a fresh directory (every
 * migration, then the demo organisation with its argon2id password hashes), stops it and keeps the
 * directory; the servers of the run start on copies of it.
 */
export async function makeServerTemplate(): Promise<ServerTemplate> {
  const server = await startServerProcess({ timeoutMs: 120_000 });
  await server.stop();
  if (!server.admin.account)
    throw new Error(`the server did not print the demo admin:\n${server.output.join('\n')}`);
  return { dataDir: server.dataDir, admin: server.admin, members: server.members };
}

/** A new data directory holding a copy of the template's database and secrets key. */
export function copyOfTemplate(template: ServerTemplate): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-server-'));
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
  return dataDir;
}

/**
 * A server of its own for a test file, as `npm start` runs it with `env`, on a copy of the run's migrated
 * and seeded database: the same demo organisation a fresh start seeds (its credentials as the template's
 * start printed them), without each server running every migration and hashing the demo passwords again
 * (about 2 of the 2.7 s of CPU a fresh start takes). With SEED_DEMO=false the server starts on an empty
 * directory, as such a deployment does.
 */
export async function startTestServer(
  options: { env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  if (options.env?.SEED_DEMO === 'false') return startServerProcess({ ...options, timeoutMs: 120_000 });
  const template = inject('e2eTemplate');
  const server = await startServerProcess({
    ...options,
    dataDir: copyOfTemplate(template),
    // Files such as the page walk start several servers at once, beside other work on a busy machine.
    timeoutMs: 120_000,
  });
  return { ...server, admin: template.admin, members: template.members };
}
