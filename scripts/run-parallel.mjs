// `node scripts/run-parallel.mjs <script> ...`: runs the named npm scripts at the same time and prints each
// one's output whole, in the order given, once it has finished. `npm test` checks this way: tsc, ESLint and
// Prettier each use one core, and run one after another they left the second core of a 2-core CI machine
// idle for about a minute. The build runs beside them too: side by side they still left a core idle while
// the last of them finished, and the build made then is the one the CLI tests and the browser tests run
// (scripts/bundle-server.mjs rebuilds only when the sources changed). ESLint runs as two scripts, the client
// (src/, tests/src/: the React Compiler's rules, two thirds of its CPU) and the rest, and dependency-cruiser as a
// third: once typecheck and Prettier got cheaper, one ESLint process followed by dependency-cruiser was
// the last to finish, on one core; ESLint's own --concurrency spent a quarter more CPU for the same split.
// Exits with the first failing script's code, after every script has finished.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (!scripts.length) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

function run(script) {
  const started = performance.now();
  const child = spawn('npm', ['run', script], {
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) =>
      resolve({ script, code: 1, output: [Buffer.from(`${error}\n`)], seconds: 0 }),
    );
    child.on('close', (code, signal) =>
      resolve({
        script,
        code: code ?? (signal ? 1 : 0),
        output,
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}

const results = await Promise.all(scripts.map(run));
for (const { script, code, output, seconds } of results) {
  process.stdout.write(Buffer.concat(output));
  console.log(`${code === 0 ? 'passed' : `FAILED (exit ${code})`}: ${script} in ${seconds.toFixed(1)} s`);
}
const failed = results.find(({ code }) => code !== 0);
process.exit(failed ? failed.code : 0);
