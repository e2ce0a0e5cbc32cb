import type { Kysely } from 'kysely';
import type { AppConfig } from '../core/config';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';

/** One option of a command, as node:util parseArgs takes it. */
export interface OptionSpec {
  type: 'string' | 'boolean';
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** What parseArgs answers for the options of `O`: text for a string option, true for a boolean one. */
export type OptionValues<O extends OptionSpecs> = {
  [Name in keyof O]?: O[Name]['type'] extends 'boolean'
    ? boolean
    : O[Name]['type'] extends 'string'
      ? string
      : string | boolean;
};

/** What a command runs with: the server's database and configuration, and the time it was started. */
export interface CommandContext {
  db: Kysely<Database>;
  config: AppConfig;
  now: number;
}

/** One operator command of `npm run cli`. */
export interface Command<O extends OptionSpecs = OptionSpecs> {
  /** What the operator types, such as `org:create`. */
  name: string;
  /** The command's lines of the usage text, each option named as the operator types it. */
  usage: string;
  /** Every option the command reads; any other is refused before the database is opened. */
  options: O;
  /** The positional argument the command takes (as its usage names it), if any. */
  argument?: string;
  /**
   * Whether the CLI migrates the database before running the command (default: yes). A backup reads it as it
   * is; a restore needs it empty.
   */
  migrates?: boolean;
  /** Does the work and answers the lines to print. */
  run(context: CommandContext, input: { values: OptionValues<O>; positionals: string[] }): Promise<string[]>;
}

/** A command with its option values typed by its own options. */
export function defineCommand<const O extends OptionSpecs>(command: Command<O>): Command {
  return command as unknown as Command;
}

/**
 * A refusal of a command, in the operator's words: printed as it is (with the command's usage when the
 * command line itself was wrong), and the CLI exits 1.
 */
export class CommandError extends Error {
  readonly showUsage: boolean;

  constructor(message: string, options: { showUsage?: boolean } = {}) {
    super(message);
    this.name = 'CommandError';
    this.showUsage = options.showUsage ?? false;
  }
}

/** A refusal of a change that was checked before anything was written: says so (once: some screen messages already do). */
export function unchanged(message: string): CommandError {
  return new CommandError(
    /nothing was changed\.?$/.test(message) ? message : `${message}; nothing was changed`,
  );
}

/** A wrong command line: its message and then the command's usage. */
export function usageError(message: string): CommandError {
  return new CommandError(message, { showUsage: true });
}

/** The value of an option the command cannot do without. */
export function requiredOption(value: string | undefined, name: string): string {
  if (!value) throw usageError(`--${name} is required`);
  return value;
}

/** The parts of a comma-separated option, trimmed, empty parts left out. */
export function listOption(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The organisation `--org` names, checked before anything is changed: a positive id of an organisation that
 * exists, else the command is refused.
 */
export async function existingOrganization(db: Kysely<Database>, value: string | undefined): Promise<number> {
  const orgId = Number(value);
  if (!value || !Number.isInteger(orgId) || orgId <= 0) throw unchanged('--org must be an organisation id');
  if (!(await readRepositories(db).organizations.findById(orgId))) {
    throw unchanged(`No organisation with id ${orgId}`);
  }
  return orgId;
}
