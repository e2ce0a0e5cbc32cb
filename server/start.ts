import net from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './core/config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { WAL_CHECKPOINT_EVERY_MS } from './db/wal-checkpoints';
import { migrationState } from './db/migration-state';
import { findDemoAccounts, type SeededDemo, seedDemoOrganization } from './db/seed';
import { loadSecretsKey } from './security/secret-box';
import { warmUpPasswordHasher } from './security/password-hasher';
import { type ListenFacts, startupBanner } from './startup-banner';
import {
  describeConfigIssues,
  describeNewerDatabase,
  describeStartupError,
  StartupFailure,
  type StartupStep,
} from './startup-failure';

/** Where the start writes what an operator reads. */
export interface StartOutput {
  line(text: string): void;
  warn(text: string): void;
}

export interface StartedPortal {
  app: FastifyInstance;
  /** Settles once the mail server was tried (a warning when it cannot be reached). */
  smtpChecked: Promise<void>;
  close(): Promise<void>;
  /**
   * A graceful stop (SIGTERM): /api/ready answers 503 at once, requests are still served for
   * SHUTDOWN_DELAY_MS, then the listener closes, requests in flight get up to SHUTDOWN_TIMEOUT_MS to
   * finish (then their connections are cut), the outbox's leases go back and the database closes.
   */
  shutdown(): Promise<void>;
}

/** How long the start-up check waits for the mail server to accept a connection. */
const SMTP_CHECK_TIMEOUT_MS = 5000;

/** Whether a TCP connection to the mail server of SMTP_URL opens: null when it does, else why not. */
export async function smtpUnreachableReason(smtpUrl: string, timeoutMs = SMTP_CHECK_TIMEOUT_MS) {
  const url = new URL(smtpUrl);
  const port = Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587);
  return new Promise<string | null>((resolve) => {
    const socket = net.connect({ host: url.hostname, port });
    socket.setTimeout(timeoutMs);
    const finish = (reason: string | null) => {
      socket.destroy();
      resolve(reason);
    };
    socket.once('connect', () => finish(null));
    socket.once('timeout', () => finish(`no answer within ${timeoutMs / 1000} s`));
    socket.once('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
  });
}

async function step<T>(name: StartupStep, config: AppConfig, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new StartupFailure(describeStartupError(error, name, config), { cause: error });
  }
}

/** The addresses a user can open when the server listens on every address of this machine. */
function listenFacts(config: AppConfig, port: number): ListenFacts {
  const allAddresses = ['0.0.0.0', '::', ''].includes(config.host);
  const networkUrls = allAddresses
    ? Object.values(os.networkInterfaces())
        .flat()
        .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
        .map((entry) => `http://${entry!.address}:${port}`)
    : [];
  const host = allAddresses ? 'localhost' : config.host;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    allAddresses,
    networkUrls,
  };
}

/**
 * Starts the portal: config, data directory, migrations, demo seed on an empty database, listen, then one
 * banner. A fault an operator can fix throws StartupFailure, whose message is the one line to print.
 */
export async function startPortal(
  env: Record<string, string | undefined>,
  output: StartOutput,
): Promise<StartedPortal> {
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new StartupFailure(describeConfigIssues(error.issues));
    throw error;
  }
  // Secrets at rest need their key: SECRETS_KEY, or one generated in the data directory on the first start.
  await step('data-dir', config, () => loadSecretsKey(config));
  let database: DatabaseHandle | null = null;
  try {
    const opened = await step('database', config, () =>
      openDatabase(config, { checkpointEveryMs: WAL_CHECKPOINT_EVERY_MS }),
    );
    database = opened;
    const { unknown } = await step('database', config, () => migrationState(opened.db));
    if (unknown.length > 0) throw new StartupFailure(describeNewerDatabase(unknown, config));
    await step('database', config, () => migrateToLatest(opened.db));
    let seeded: SeededDemo | null = null;
    if (config.seedDemo) {
      seeded = await seedDemoOrganization(opened.db, Date.now(), { publicUrl: config.publicUrl });
    }
    const app = await buildApp(config, opened);
    // Fastify announces each address it listens on; the banner below says it once, so its lines are muted.
    const level = app.log.level;
    app.log.level = 'warn';
    try {
      await step('listen', config, () => app.listen({ port: config.port, host: config.host }));
    } catch (error) {
      await app.close();
      throw error;
    } finally {
      app.log.level = level;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const banner = startupBanner({
      version: config.version,
      listen: listenFacts(config, port),
      publicUrl: config.publicUrl,
      database: config.database,
      seeded,
      demoAccounts: config.seedDemo && !seeded ? await findDemoAccounts(opened.db) : null,
      codeDelivery: config.codeDelivery,
    });
    // JSON logs stay pure JSON for collectors; otherwise the banner is plain text an operator reads.
    for (const text of banner) {
      if (config.logFormat === 'json') app.log.info(text);
      else output.line(text);
    }
    void warmUpPasswordHasher();
    const close = async () => {
      await app.close();
      await opened.destroy();
    };
    const smtpUrl = config.codeDelivery.smtpUrl;
    const smtpChecked = smtpUrl
      ? smtpUnreachableReason(smtpUrl).then((reason) => {
          if (!reason) return;
          const host = new URL(smtpUrl);
          const text = `Warning: the mail server ${host.hostname}:${host.port || 'default port'} of SMTP_URL cannot be reached (${reason}): e-mailed codes will fail until it can; check SMTP_URL.`;
          if (config.logFormat === 'json') app.log.warn(text);
          else output.warn(text);
        })
      : Promise.resolve();
    return {
      app,
      smtpChecked,
      close,
      async shutdown() {
        app.lifecycle.stopping = true;
        if (config.shutdown.delayMs > 0)
          await new Promise((resolve) => setTimeout(resolve, config.shutdown.delayMs));
        const cut = setTimeout(() => {
          app.log.warn(
            `requests still in flight after ${config.shutdown.timeoutMs} ms: closing their connections`,
          );
          app.server.closeAllConnections();
        }, config.shutdown.timeoutMs);
        try {
          await close();
        } finally {
          clearTimeout(cut);
        }
      },
    };
  } catch (error) {
    await database?.destroy().catch(() => {});
    throw error;
  }
}
