import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The arguments for `execFile(process.execPath, ...)` that run `npm run cli -- <args>` as an operator does:
 * scripts/cli.mjs, which runs the server bundle's CLI and bundles first when the sources changed (0.4 s of
 * CPU a command, against 1.3 s for the sources through tsx, and CLI tests start a few hundred commands).
 */
export function cliArgs(args: string[]): string[] {
  return [path.join(root, 'scripts', 'cli.mjs'), ...args];
}
