import type { AppConfig } from './core/config';
import type { SeededDemo } from './db/seed';
import { describeCodeDelivery } from './integrations/code-senders';

/** Where this process answers. */
export interface ListenFacts {
  /** The address to open on this machine, e.g. http://localhost:8080. */
  url: string;
  /** HOST is 0.0.0.0 or ::: every address of the machine answers, not only `url`. */
  allAddresses: boolean;
  /** With allAddresses, the machine's network addresses another computer can open. */
  networkUrls: readonly string[];
}

export interface StartupFacts {
  version: string;
  listen: ListenFacts;
  publicUrl: string | null;
  database: AppConfig['database'];
  /** The demo sign-ins when this start seeded them (their only showing). */
  seeded: SeededDemo | null;
  /** The demo accounts of an earlier start, when the demo organisation is still there. */
  demoAccounts: { admin: string; members: readonly string[] } | null;
  /** Where verification codes go; the development outbox is announced, since it prints them here. */
  codeDelivery: AppConfig['codeDelivery'];
}

/** Where the data lives, without a database password. */
function describeDatabase(database: AppConfig['database']): string {
  if (database.kind === 'sqlite') return `SQLite file ${database.file}`;
  const url = new URL(database.url);
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

const RESET_HINT = 'npm run cli -- account:reset-password <account>';

/**
 * The lines an operator reads when the server starts: where it answers, where its data is, and how to sign
 * in to the demo: the demo passwords on the start that created them (`demo admin: <account> password: <p>`,
 * a format scripts read), later the demo accounts and the command that gives one a new password.
 */
export function startupBanner(facts: StartupFacts): string[] {
  const lines = [`Lab Account Centre ${facts.version} is ready at ${facts.listen.url}`];
  if (facts.listen.allAddresses) {
    const others = facts.listen.networkUrls;
    lines.push(
      others.length > 0
        ? `Listening on all addresses of this machine; from another computer: ${others.join(', ')}`
        : 'Listening on all addresses of this machine',
    );
  }
  if (facts.publicUrl) lines.push(`Public address: ${facts.publicUrl}`);
  lines.push(`Database: ${describeDatabase(facts.database)}`);
  if (facts.seeded) {
    lines.push('Demo sign-ins, shown this once (the passwords are random for this database):');
    lines.push(`demo admin: ${facts.seeded.admin.account} password: ${facts.seeded.admin.password}`);
    for (const member of facts.seeded.members) {
      lines.push(`demo member: ${member.account} password: ${member.password}`);
    }
    lines.push(`A lost or locked demo password: ${RESET_HINT}`);
  } else if (facts.demoAccounts) {
    const { admin, members } = facts.demoAccounts;
    lines.push(`Demo accounts: ${admin} (administrator), ${members.join(', ')}`);
    lines.push(`Their passwords were shown on the first start; for a new one: ${RESET_HINT}`);
  }
  lines.push(describeCodeDelivery(facts.codeDelivery));
  lines.push(
    'Logs: sign-ins, changes and failures; LOG_LEVEL=debug adds every request, LOG_FORMAT=json writes JSON.',
  );
  return lines;
}
