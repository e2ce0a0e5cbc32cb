// Bundles server/ (and the domain it imports) into dist-server/*.mjs; packages stay in node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Writes dist-server/main.mjs and dist-server/cli.mjs. */
export async function bundleServer() {
  await build({
    entryPoints: { main: path.join(root, 'server', 'main.ts'), cli: path.join(root, 'server', 'cli.ts') },
    outdir: path.join(root, 'dist-server'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer();
