// Bundles server/, the domain it imports and the pure-JavaScript packages it uses into dist-server/*.cjs,
// each run by a small launcher (dist-server/*.mjs, from scripts/server-launcher.mjs) that keeps V8's code
// cache of the bundle. Node 20 has no module compile cache, so loading a few hundred separate package files
// (kysely alone is several hundred ES modules) costs more than the server's own start-up: one bundle halves
// the time to a healthy server (bench:start), and the code cache takes a third off what is left. The
// bundle is CommonJS because only a classic script can be given cached code. Native addons cannot be
// bundled and stay in node_modules.
//
// `npm start` and `npm run cli` call ensureServerBundle(), which bundles only when the sources differ from
// those of the bundle in place: a hash of their contents is kept beside it (sources.key). Contents rather
// than modification times, because a copy or an archive that keeps older times would otherwise leave a
// stale bundle running. Hashing the 2 MB of sources costs a few tens of milliseconds per call.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  // The password estimator's dictionaries (1.6 MB of JavaScript) load with the first password set or sign-in
  // (domain/rules/password-estimator.ts, imported lazily), not at every start.
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  // Fastify's JSON-schema compilers: every schema here is zod (server/app.ts), so they are never loaded.
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  // The developer docs' reference page (4 MB: Scalar's browser bundle inside) loads on the first visit.
  '@scalar/fastify-api-reference',
];

const ENTRIES = { main: 'main.ts', cli: 'cli.ts' };

/** What the bundle is made of: a change to any of them means a new bundle (packages are bundled too). */
const SOURCES = [
  'server',
  'domain',
  'package-lock.json',
  'scripts/bundle-server.mjs',
  'scripts/server-launcher.mjs',
];

const KEY_FILE = 'sources.key';
/** Longer than any bundling takes, even on a loaded machine. */
const LOCK_WAIT_MS = 5 * 60_000;

function filesOf(entry) {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .flatMap((child) => filesOf(path.join(entry, child.name)));
}

/** A hash of the names and contents of every file under `sources` (paths relative to `base`). */
export function sourcesKey(base = root, sources = SOURCES) {
  const hash = crypto.createHash('sha256');
  const files = sources.flatMap((source) => filesOf(path.join(base, source))).sort();
  for (const file of files) {
    const content = fs.readFileSync(file);
    hash.update(`${path.relative(base, file)}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** The output directory: dist-server, or SERVER_BUNDLE_DIR for a second build beside it. */
function bundleDir() {
  // SERVER_BUNDLE_DIR lets a second build sit beside the usual one (inside the project, so the bundle
  // still finds node_modules), for example while another checkout's tests run the usual one.
  return path.join(root, process.env.SERVER_BUNDLE_DIR ?? 'dist-server');
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Runs `work` while holding `<outDir>.lock`, so that processes finding the bundle stale at the same time
 * (two CLI calls after an update) bundle once. A lock left by a process that is gone is taken over.
 */
async function withBuildLock(outDir, work) {
  const lock = `${outDir}.lock`;
  const giveUpAt = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder;
    try {
      holder = Number.parseInt(fs.readFileSync(lock, 'utf8'), 10);
    } catch {
      continue; // released meanwhile
    }
    if (holder > 0 && !isAlive(holder)) {
      fs.rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > giveUpAt) {
      throw new Error(`${lock} is held by process ${holder}; remove it if no bundling is under way`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function readKey(outDir) {
  try {
    return fs.readFileSync(path.join(outDir, KEY_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Bundles the server unless the bundle in place was made from the sources as they are now; answers the
 * bundle's directory. `onBundle` is told before a bundle is made (the CLI says so on stderr).
 */
export async function ensureServerBundle({ onBundle = () => {} } = {}) {
  const outDir = bundleDir();
  const key = sourcesKey();
  if (readKey(outDir) === key) return outDir;
  await withBuildLock(outDir, async () => {
    // Another process may have bundled these very sources while this one waited for the lock.
    if (readKey(outDir) === key) return;
    onBundle();
    await writeBundle(outDir, key);
  });
  return outDir;
}

/**
 * Writes dist-server/main.cjs and dist-server/cli.cjs and their launchers main.mjs and cli.mjs, always
 * (`npm run build`, benchmarks). No code splitting: esbuild's chunks give a lazily imported CommonJS package
 * (such as @fastify/cookie's `await import('cookie')`) only a default export.
 */
export async function bundleServer() {
  const outDir = bundleDir();
  await withBuildLock(outDir, () => writeBundle(outDir, sourcesKey()));
}

/**
 * Bundles into a directory of its own and then puts it in place of the old one, so that a process
 * starting meanwhile reads a whole bundle (and earlier layouts of the output do not linger). `key` is
 * taken before bundling: a source changed during the build makes the next call bundle again.
 */
async function writeBundle(outDir, key) {
  const { build } = await import('esbuild');
  const staging = `${outDir}.staging-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, 'server', file)]),
    ),
    outdir: staging,
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
    const bundle = fs.readFileSync(path.join(staging, `${name}.cjs`));
    const hash = crypto.createHash('sha256').update(bundle).digest('hex').slice(0, 16);
    fs.writeFileSync(
      path.join(staging, `${name}.mjs`),
      launcher.replace('__BUNDLE_NAME__', `${name}.cjs`).replace('__BUNDLE_HASH__', hash),
    );
  }
  fs.writeFileSync(path.join(staging, KEY_FILE), key);
  const previous = `${outDir}.previous-${process.pid}`;
  try {
    fs.renameSync(outDir, previous);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  fs.renameSync(staging, outDir);
  fs.rmSync(previous, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer();
