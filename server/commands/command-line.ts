import { parseArgs } from 'node:util';
import { type Command, CommandError, usageError } from './command';
import { closestNames, commandUsage, COMMANDS, didYouMean, findCommand, fullUsage } from './registry';
import { loadConfig } from '../core/config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const HELP = ['--help', '-h'];

/** A command name nobody has: the nearest names instead of the whole usage. */
function unknownCommand(name: string): CommandError {
  const near = closestNames(
    name,
    COMMANDS.map((command) => command.name),
  );
  return new CommandError(
    `unknown command ${name}${didYouMean(near)}\nnpm run cli -- help lists every command.`,
  );
}

/** The command line after the command's name, by the command's own options; anything else is refused. */
function parseInput(command: Command, args: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: command.options,
      allowPositionals: command.argument !== undefined,
    });
    if (positionals.length > 1) throw usageError(`${command.name} takes one ${command.argument}`);
    return { values, positionals };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const option = /'(-[^']*)'/.exec((error as Error).message)?.[1] ?? '';
      const names = Object.keys(command.options).map((name) => `--${name}`);
      throw usageError(`${command.name} has no option ${option}${didYouMean(closestNames(option, names))}`);
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw usageError(`${command.name} takes no argument ${args.find((arg) => !arg.startsWith('-'))}`);
    }
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
      throw usageError((error as Error).message);
    throw error;
  }
}

/** Where a command line runs: the settings' environment and where its answer goes, line by line. */
export interface CommandLineIo {
  env: Record<string, string | undefined>;
  print: (line: string) => void;
}

/** Runs one operator command against the configured database and prints what it answers. */
async function run(command: Command, args: string[], io: CommandLineIo): Promise<void> {
  if (args.some((arg) => HELP.includes(arg))) {
    io.print(commandUsage(command));
    return;
  }
  const input = parseInput(command, args);
  const config = loadConfig(io.env);
  const database = await openDatabase(config);
  try {
    if (command.migrates !== false) await migrateToLatest(database.db);
    const lines = await command.run({ db: database.db, config, now: Date.now() }, input);
    for (const line of lines) io.print(line);
  } finally {
    await database.destroy();
  }
}

/**
 * `npm run cli -- <argv>`: runs the command `argv` names (or prints the usage asked for) and prints what it
 * answers through `io`; a refusal is thrown (a CommandError's message is what the operator reads).
 */
export async function runCommandLine([name, ...args]: string[], io: CommandLineIo): Promise<void> {
  if (name === undefined || name === 'help' || HELP.includes(name)) {
    const topic = args[0] === undefined ? undefined : findCommand(args[0]);
    if (args[0] !== undefined && !topic) throw unknownCommand(args[0]);
    io.print(topic ? commandUsage(topic) : fullUsage());
    return;
  }
  const command = findCommand(name);
  if (!command) throw unknownCommand(name);
  try {
    await run(command, args, io);
  } catch (error) {
    if (error instanceof CommandError && error.showUsage) {
      throw new CommandError(`${error.message}\n\n${commandUsage(command)}`);
    }
    throw error;
  }
}
