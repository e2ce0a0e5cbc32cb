import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cliArgs } from '../helpers/cli-args';

const run = promisify(execFile);

/**
 * `npm run cli -- ...` against the database in `dataDir`, as an operator would run it: what a browser test
 * sets up (organisations, members, switches) goes through the same commands a deployment script uses.
 * Answers what the command printed.
 */
export function operatorCli(dataDir: string) {
  return async (...args: string[]): Promise<string> => {
    const { stdout } = await run(process.execPath, cliArgs(args), {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return stdout;
  };
}
