import { runCommandLine } from '../../server/commands/command-line';

/**
 * `npm run cli -- ...` against the database in `dataDir` (and any other settings in `env`), as an operator
 * would run it: what a browser test
 * sets up (organisations, members, switches) goes through the same commands a deployment script uses.
 * Answers what the command printed; a refusal is thrown with the message the operator would read.
 *
 * The command line runs inside the test's own process, through the same dispatch as `npm run cli`
 * (commands/command-line.ts) with DATA_DIR set to `dataDir`: a separate node process per command cost
 * about 0.25 s of CPU each (node's start and loading the CLI bundle, for a command that itself takes a few
 * milliseconds), over a hundred times a run. The bundled CLI itself is what the CLI's own tests run.
 */
export function operatorCli(dataDir: string, env: Record<string, string> = {}) {
  return async (...args: string[]): Promise<string> => {
    let printed = '';
    await runCommandLine(args, {
      env: { ...process.env, ...env, DATA_DIR: dataDir },
      print: (line) => {
        printed += `${line}\n`;
      },
    });
    return printed;
  };
}
