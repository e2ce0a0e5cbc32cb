import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { findDemoAccounts, type SeededDemo, seedDemoOrganization } from './db/seed';
import { loadSecretsKey } from './security/secret-box';
import { warmUpPasswordHasher } from './security/password-hasher';
import { startupBanner } from './startup-banner';

/** Starts the portal: config, migrations, demo seed on an empty database, listen, then the banner. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Secrets at rest need their key: SECRETS_KEY, or one generated in the data directory on the first start.
  loadSecretsKey(config);
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  let seeded: SeededDemo | null = null;
  if (config.seedDemo) {
    seeded = await seedDemoOrganization(database.db, Date.now(), { publicUrl: config.publicUrl });
  }
  const app = await buildApp(config, database);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  const banner = startupBanner({
    version: config.version,
    localUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    publicUrl: config.publicUrl,
    database: config.database,
    seeded,
    demoAccounts: config.seedDemo && !seeded ? await findDemoAccounts(database.db) : null,
    codeDelivery: config.codeDelivery,
  });
  // JSON logs stay pure JSON for collectors; otherwise the banner is plain text an operator reads.
  for (const line of banner) {
    if (config.logFormat === 'json') app.log.info(line);
    else console.log(line);
  }
  void warmUpPasswordHasher();

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
