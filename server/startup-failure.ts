import type { AppConfig, ConfigIssue } from './core/config';

/** A start that cannot go on: `message` is the one line an operator reads, saying what is wrong and what to do. */
export class StartupFailure extends Error {}

/** The start-up step an error came from: it decides what the operator is told to fix. */
export type StartupStep = 'data-dir' | 'database' | 'listen';

type ErrorWithCode = Error & { code?: string; errors?: unknown[] };

/** The first error code along an error's causes (a migration error wraps the driver's, an aggregate holds several). */
function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as ErrorWithCode;
    if (typeof candidate.code === 'string') return candidate.code;
    const inner = candidate.errors?.find((item) => typeof (item as ErrorWithCode)?.code === 'string');
    if (inner) return (inner as ErrorWithCode).code;
    current = candidate.cause;
  }
  return undefined;
}

/** The first line of an error's message, without the migration wrapper's noise. */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').trim() || 'unknown error';
}

/** A bad configuration in one line: each variable with its value and what it must be. */
export function describeConfigIssues(issues: readonly ConfigIssue[]): string {
  const parts = issues.map((issue) => {
    const given = issue.value === undefined ? '' : `=${JSON.stringify(issue.value)}`;
    return `${issue.variable}${given} ${issue.problem}`;
  });
  return `Invalid configuration: ${parts.join('; ')}. Fix the environment (or .env) and start again.`;
}

/** Where the database is, without its password. */
function databasePlace(database: AppConfig['database']): string {
  if (database.kind === 'sqlite') return `the SQLite file ${database.file}`;
  const url = new URL(database.url);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/** The one line for an error of a start-up step: what is wrong and what to do. */
export function describeStartupError(
  error: unknown,
  step: StartupStep,
  config: Pick<AppConfig, 'port' | 'host' | 'dataDir' | 'database'>,
): string {
  const code = codeOf(error);
  if (step === 'listen') {
    const where = `${config.host}:${config.port}`;
    if (code === 'EADDRINUSE') {
      return `Port ${config.port} is already in use (${where}): stop the program using it or set PORT to a free port.`;
    }
    if (code === 'EACCES') {
      return `Port ${config.port} needs more privileges than this user has: set PORT to 1024 or above.`;
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      return `HOST=${config.host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`;
    }
    return `Cannot listen on ${where}: ${firstLine(error)}. Check PORT and HOST.`;
  }
  if (step === 'data-dir') {
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      return `DATA_DIR ${config.dataDir} is not a directory (a file is in the way): set DATA_DIR to a directory or move the file.`;
    }
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      return `DATA_DIR ${config.dataDir} cannot be written by this user: give it write access or set DATA_DIR elsewhere.`;
    }
    return `DATA_DIR ${config.dataDir} cannot be used: ${firstLine(error)}. Check DATA_DIR.`;
  }
  const place = databasePlace(config.database);
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH') {
    return `Cannot reach ${place} (${code}): start PostgreSQL or fix the host and port in DATABASE_URL.`;
  }
  if (code === '28P01' || code === '28000') {
    return `${place} refused the user or password in DATABASE_URL: fix them in DATABASE_URL.`;
  }
  if (code === '3D000') {
    return `${place} has no such database: create it (createdb) or fix the name in DATABASE_URL.`;
  }
  if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EACCES') {
    return describeStartupError(error, 'data-dir', config);
  }
  return `Cannot prepare ${place}: ${firstLine(error)}. Run with LOG_LEVEL=debug for details.`;
}

/** A database a newer version migrated: this code would misread it, so the start stops, in one line. */
export function describeNewerDatabase(
  unknown: readonly string[],
  config: Pick<AppConfig, 'database' | 'version'>,
): string {
  const names =
    unknown.length > 3
      ? `${unknown.slice(0, 3).join(', ')} and ${unknown.length - 3} more`
      : unknown.join(', ');
  return `${databasePlace(config.database)} was migrated by a newer version of the portal than ${config.version} (${names}): run that version or newer, or restore a backup taken before the upgrade.`;
}
