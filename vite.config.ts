import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

const gzipAsync = promisify(gzip);

/**
 * Writes `<asset>.gz` (gzip level 9) beside every JS, CSS and HTML file of the build, so the server can answer
 * `Accept-Encoding: gzip` with precompressed bytes instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-gzip',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(?:js|css|html)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const source = await fs.readFile(full);
          const packed = await gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION });
          await fs.writeFile(`${full}.gz`, packed);
        }),
      );
    },
  };
}

/**
 * Builds the given modules as self-contained bundles, each with its own copy of what it imports. For the
 * schema the first paint parses /api/config with (zod/mini): shared the usual way, zod's core would sit in
 * one chunk with everything the later schemas (full zod) use from it, about 15 KB gzipped on every first
 * paint instead of the 5 KB zod/mini needs.
 */
function selfContained(files: string[]): Plugin {
  const wanted = new Set(files.map((file) => path.resolve(file)));
  return {
    name: 'self-contained-modules',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!wanted.has(id)) return null;
      const result = await esbuild({
        entryPoints: [id],
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        write: false,
        logLevel: 'warning',
      });
      return result.outputFiles[0].text;
    },
  };
}

/** The browser client: index.html at the repo root, built into dist/. */
export default defineConfig({
  root: '.',
  plugins: [react(), selfContained(['domain/schemas/client-config.ts']), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json lets the bundle benchmark follow what a page loads
    manifest: true,
    chunkSizeWarningLimit: 700,
    // Every browser the portal supports preloads modules natively; where one does not, chunks still load
    // on import, just without the head start. Not shipping the polyfill keeps it off every first paint.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
});
