// Bundles server/, the domain it imports and the pure-JavaScript packages it uses into dist-server/*.mjs.
// Node 20 has no module compile cache, so loading a few hundred separate package files (kysely alone is
// several hundred ES modules) costs more than the server's own start-up: one bundle halves the time to a
// healthy server (bench:start). Native addons cannot be bundled and stay in node_modules.
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
  // exceljs loads only when an administrator exports the login log. Bundled it would add 1.7 MB to the
  // module every start parses, and its Buffer() calls, outside node_modules, print a deprecation warning.
  'exceljs',
  'pg-native',
  'cloudflare:sockets',
];

/**
 * Writes dist-server/main.mjs and dist-server/cli.mjs. No code splitting: esbuild's chunks give a lazily
 * imported CommonJS package (such as @fastify/cookie's `await import('cookie')`) only a default export.
 */
export async function bundleServer() {
  // Earlier layouts of the output (chunk files) must not linger.
  fs.rmSync(path.join(root, 'dist-server'), { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(root, 'server', 'main.ts'), cli: path.join(root, 'server', 'cli.ts') },
    outdir: path.join(root, 'dist-server'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Less text to parse at start; names are kept, so stack traces stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer();
