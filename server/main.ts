import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoOrganization } from './db/seed';
import { warmUpPasswordHasher } from './security/password-hasher';

/** Starts the portal: config, migrations, demo seed on an empty database, then listen. */
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
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  if (config.seedDemo) {
    const seeded = await seedDemoOrganization(database.db, Date.now(), { publicUrl: config.publicUrl });
    if (seeded) {
      console.log(`demo admin: ${seeded.admin.account} password: ${seeded.admin.password}`);
      for (const member of seeded.members) {
        console.log(`demo member: ${member.account} password: ${member.password}`);
      }
    }
  }
  const app = await buildApp(config, database);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`portal listening on http://localhost:${port} (${database.kind})`);
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
