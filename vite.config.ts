import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gzipAsync = promisify(gzip);

/**
 * Writes `<asset>.gz` (gzip level 9) beside every JS and CSS file of the build, so the server can answer
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
      const files = Object.keys(bundle).filter((file) => /\.(?:js|css)$/.test(file));
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

/** The browser client: index.html at the repo root, built into dist/. */
export default defineConfig({
  root: '.',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json lets the bundle benchmark follow what a page loads
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
});
