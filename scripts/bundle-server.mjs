// Bundles server/, the domain it imports and the pure-JavaScript packages it uses into dist-server/*.cjs,
// each run by a small launcher (dist-server/*.mjs, from scripts/server-launcher.mjs) that keeps V8's code
// cache of the bundle. Node 20 has no module compile cache, so loading a few hundred separate package files
// (kysely alone is several hundred ES modules) costs more than the server's own start-up: one bundle halves
// the time to a healthy server (bench:start), and the code cache takes a third off what is left. The
// bundle is CommonJS because only a classic script can be given cached code. Native addons cannot be
// bundled and stay in node_modules.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages loaded from node_modules at run time: native addons, optional parts nobody installs, and the
 * packages only some deployments load (the PostgreSQL driver, the human log format), which stay out of
 * the module every start has to parse.
 */
const EXTERNAL = [
  'better-sqlite3',
  '@node-rs/argon2',
  'pg',
  'pino-pretty',
  // svg-captcha reads its font from a path beside its own file; nodemailer loads only when SMTP_URL is set.
  'svg-captcha',
  'nodemailer',
  'pg-native',
  'cloudflare:sockets',
  // The spreadsheet writer of exports loads on the first export, not at every start. Bundled it would add
  // 1.7 MB to the bundle, and its Buffer() calls, outside node_modules, print a deprecation warning.
  'exceljs',
  // Fastify's JSON-schema compilers: every schema here is zod (server/app.ts), so they are never loaded.
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

const ENTRIES = { main: 'main.ts', cli: 'cli.ts' };

/**
 * Writes dist-server/main.cjs and dist-server/cli.cjs and their launchers main.mjs and cli.mjs. No code
 * splitting: esbuild's chunks give a lazily imported CommonJS package (such as @fastify/cookie's
 * `await import('cookie')`) only a default export.
 */
export async function bundleServer() {
  // SERVER_BUNDLE_DIR lets a second build sit beside the usual one (inside the project, so the bundle
  // still finds node_modules), for example while another checkout's tests run the usual one.
  const outDir = path.join(root, process.env.SERVER_BUNDLE_DIR ?? 'dist-server');
  // Earlier layouts of the output (chunk files) must not linger.
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, 'server', file)]),
    ),
    outdir: outDir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: EXTERNAL,
    // A script run from cached code has no dynamic import() (vm gives it none without a flag): the lazily
    // loaded packages (pg, nodemailer, exceljs, pino-pretty) are required instead.
    supported: { 'dynamic-import': false },
    // Less text to parse at start; names are kept, so stack traces stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    logLevel: 'warning',
  });
  const launcher = fs.readFileSync(path.join(root, 'scripts', 'server-launcher.mjs'), 'utf8');
  for (const name of Object.keys(ENTRIES)) {
    const bundle = fs.readFileSync(path.join(outDir, `${name}.cjs`));
    const hash = crypto.createHash('sha256').update(bundle).digest('hex').slice(0, 16);
    fs.writeFileSync(
      path.join(outDir, `${name}.mjs`),
      launcher.replace('__BUNDLE_NAME__', `${name}.cjs`).replace('__BUNDLE_HASH__', hash),
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer();
