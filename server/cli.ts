// `npm run cli`: the operator's command line (the commands and their dispatch are in commands/).
import { runCommandLine } from './commands/command-line';

runCommandLine(process.argv.slice(2), { env: process.env, print: (line) => console.log(line) }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
