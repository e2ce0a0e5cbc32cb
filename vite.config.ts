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

/**
 * Adds `<link rel="modulepreload">` to index.html for the chunks holding the given modules and what those
 * chunks import, so they download beside the entry script. The entry imports them dynamically (React's DOM
 * renderer) or its dynamic imports do (the route table every shell's first page needs): without the hint,
 * their download would start only once the entry had arrived and run.
 */
function preloadFromHtml(modules: RegExp[]): Plugin {
  return {
    name: 'preload-from-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        // What the page already loads: the entry and the chunks Vite's own hints preload.
        const present = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]));
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (wanted.has(fileName) || present.has(fileName)) return;
          wanted.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(add);
        };
        for (const chunk of chunks)
          if (chunk.moduleIds.some((id) => modules.some((module) => module.test(id)))) add(chunk.fileName);
        const links = [...wanted].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/** The browser client: index.html at the repo root, built into dist/. */
export default defineConfig({
  root: '.',
  plugins: [
    react(),
    selfContained(['domain/schemas/client-config.ts']),
    preloadFromHtml([/\/node_modules\/react-dom\/client\.js$/, /\/src\/pages\/route-table\.tsx$/]),
    precompress(),
  ],
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
    rolldownOptions: {
      output: {
        // The login's first paint in few requests: over HTTP/1.1 a browser opens six connections to a host,
        // so some 25 small chunks queued behind one another (Lighthouse's slow 4G phone: 2.7 s to the
        // largest paint, most of it the chunks' round trips). Each group is one chunk; every group takes
        // the modules its matches import, unless a group of higher priority took them first.
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (React itself included): one script beside the page.
            { name: 'boot', tags: ['$initial'], priority: 60 },
            // React's DOM renderer, which main.tsx imports dynamically and index.html preloads (see
            // preloadFromHtml): the entry need not wait for its 65 KB before it starts the shell's imports.
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 50 },
            // The password estimator's four large dictionaries, each a chunk of its own: they download side by
            // side with the estimator, which only the pages where a new password is typed import.
            {
              name: (id) => `password-${/(passwords|commonWords|lastnames|wikipedia)\.json/.exec(id)?.[1]}`,
              debugName: 'password dictionaries',
              test: /@zxcvbn-ts[\\/]language-(common|en)[\\/]dist[\\/](passwords|commonWords|lastnames|wikipedia)\.json\.mjs$/,
              priority: 40,
            },
            // The route table (with react-router) and the login's logic and form foot, which both shells' login share.
            {
              name: 'route-table',
              test: /src[\\/]pages[\\/](route-table\.tsx|login[\\/](use-login-page\.ts|login-form-foot\.tsx))$/,
              priority: 30,
            },
            // Each shell with its own login page: a phone never fetches the desktop's, nor the reverse.
            {
              name: 'mobile-app',
              test: /src[\\/]mobile[\\/](mobile-app|pages[\\/]login[\\/]login-page)\.tsx$/,
              priority: 20,
            },
            {
              name: 'desktop-app',
              test: /src[\\/]desktop[\\/](desktop-app|pages[\\/]login[\\/]login-page)\.tsx$/,
              priority: 20,
            },
            // The first paint's strings of each language in one chunk (first-paint.ts and its parts).
            {
              name: (id) => `strings-${/(zh-CN|en-US)/.exec(id)?.[1] ?? 'first-paint'}`,
              debugName: 'first-paint strings',
              test: /domain[\\/]i18n[\\/](zh-CN|en-US)[\\/]first-paint\.ts$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
});
