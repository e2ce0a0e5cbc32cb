import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runCommandLine } from '../../server/commands/command-line';
import { cliArgs } from './cli-args';

const run = promisify(execFile);

/** How a command line ended: its exit code (0, or 1 for a refusal) and what it wrote to each stream. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- <args>` as an operator runs it: a child process on the server bundle (scripts/cli.mjs),
 * with `env` as its whole environment. For what only the process shows (its exit code, its two streams,
 * the bundle being up to date); each command file keeps at least one call through it.
 */
export async function cliProcess(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, cliArgs(args), { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * The same command line run in this process through runCommandLine, which server/cli.ts only calls: the
 * same parsing, configuration from `env`, database opening, migration check and output, printed lines on
 * stdout and a refusal's message on stderr with exit code 1 as cli.ts does. A child process costs about
 * 0.4 s of CPU (node, the bundle, the source check) and CLI tests ran over a hundred of them.
 */
export async function cliInProcess(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const printed: string[] = [];
  const print = (line: string) => printed.push(`${line}\n`);
  try {
    await runCommandLine(args, { env, print });
    return { code: 0, stdout: printed.join(''), stderr: '' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { code: 1, stdout: printed.join(''), stderr: `${message}\n` };
  }
}
