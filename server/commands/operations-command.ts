import path from 'node:path';
import {
  BackupError,
  backupPostgres,
  backupSqlite,
  restorePostgres,
  restoreSqlite,
} from '../services/database-backup';
import { copySqliteToPostgres } from '../services/postgres-migration';
import { CommandError, defineCommand, requiredOption } from './command';

/** A refusal of the backup services, printed as the command's own. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) throw new CommandError(error.message);
    throw error;
  }
}

/** A PostgreSQL URL with its password hidden, for printing. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export const OPERATIONS_COMMANDS = [
  defineCommand({
    name: 'backup',
    usage: `  backup --to <file>                          back up the database while the portal serves: SQLite's online
                                              backup of the embedded file, or pg_dump (custom format) of PostgreSQL`,
    options: { to: { type: 'string' } },
    migrates: false,
    async run({ config }, { values }) {
      const to = path.resolve(requiredOption(values.to, 'to'));
      const bytes = await refusing(() =>
        config.database.kind === 'sqlite'
          ? backupSqlite(config.database.file, to)
          : backupPostgres(config.database.url, to),
      );
      const secrets = config.secretsKey
        ? 'SECRETS_KEY is set: keep it with the backup (secrets at rest need it).'
        : `Keep ${path.join(config.dataDir, 'secrets.key')} with the backup (secrets at rest need it).`;
      return [`Backed up to ${to} (${bytes} bytes).`, secrets];
    },
  }),
  defineCommand({
    name: 'restore',
    usage: `  restore --from <file>                       fill an empty database (a new DATA_DIR, or an empty PostgreSQL
                                              database) from a backup; a database with tables is refused`,
    options: { from: { type: 'string' } },
    migrates: false,
    async run({ db, config }, { values }) {
      const from = path.resolve(requiredOption(values.from, 'from'));
      if (config.database.kind === 'sqlite') {
        const file = config.database.file;
        await refusing(() => restoreSqlite(db, file, from));
        return [
          `Restored ${from} into ${file}.`,
          'Start the portal (npm start): it migrates the backup to this version if it is older.',
        ];
      }
      const url = config.database.url;
      await refusing(() => restorePostgres(db, url, from));
      return [
        `Restored ${from} into ${withoutPassword(url)}.`,
        'Start the portal: it migrates the backup to this version if it is older.',
      ];
    },
  }),
  defineCommand({
    name: 'migrate-to-postgres',
    usage: `  migrate-to-postgres --database-url <url>    copy the embedded SQLite database into an empty PostgreSQL database
                                              (one transaction, row counts and sampled rows checked); the SQLite
                                              file is left as it was`,
    options: { 'database-url': { type: 'string' } },
    async run({ config }, { values }) {
      const url = requiredOption(values['database-url'], 'database-url');
      if (!/^postgres(ql)?:\/\//.test(url))
        throw new CommandError('--database-url must be a postgres:// or postgresql:// URL');
      if (config.database.kind !== 'sqlite') {
        throw new CommandError(
          'DATABASE_URL is set: this deployment already runs on PostgreSQL (unset it to copy the embedded database)',
        );
      }
      const file = config.database.file;
      const report = await refusing(() => copySqliteToPostgres(file, url));
      const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
      return [
        `Copied ${rows} rows in ${report.tables.length} tables from ${file} to ${withoutPassword(url)} in ${report.ms} ms; row counts equal, ${report.sampled} sampled rows checked.`,
        'Now change the environment of every instance:',
        `  DATABASE_URL=${withoutPassword(url)}   (with its real password)`,
        config.secretsKey
          ? '  SECRETS_KEY: keep the value you have.'
          : `  SECRETS_KEY=<the contents of ${path.join(config.dataDir, 'secrets.key')}>   (secrets at rest were sealed with it; every instance needs it)`,
        '  TRUST_PROXY and PUBLIC_URL as your load balancer needs them.',
        `The SQLite file ${file} was not changed: keep it until the new deployment is checked.`,
      ];
    },
  }),
];
