/**
 * Gzipped JavaScript that /#/login loads on desktop and on a phone, measured by building the client,
 * opening the page in chromium and adding up the scripts it fetched. Whether antd (desktop components)
 * reached the phone is read from the build's own module lists, not guessed from file names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { launchBrowser, openPage, USER_AGENTS, VIEWPORTS } from '../tests/e2e/browser';
import { report, round } from './bench-utils';

const root = path.resolve(import.meta.dirname, '..');
// Its own client and server builds, removed at the end: dist/ and dist-server/ belong to other runs. Read by
// bundleServer and by the server-process helper when it loads (hence its dynamic import below).
process.env.SERVER_BUNDLE_DIR = 'dist-server-bundle';
const CLIENT_DIR = path.join(os.tmpdir(), `uc-bundle-client-${process.pid}`);

interface ChunkFacts {
  gzipBytes: number;
  antd: boolean;
  antdMobile: boolean;
  isEntry: boolean;
  /** Chunks this one imports statically: they load with it. */
  imports: string[];
  /** Which of the heavy, one-screen parts (LAZY_PARTS) the chunk holds. */
  parts: string[];
}

/**
 * Parts that only one screen needs and must stay out of what every page loads: the monomer library's
 * OpenChemLib and screen, and the label designer with its renderer's symbologies.
 */
const LAZY_PARTS: Record<string, RegExp> = {
  openchemlib: /node_modules\/openchemlib\//,
  monomerScreen: /src\/desktop\/pages\/monomers\//,
  labelDesigner: /src\/desktop\/pages\/label-templates\/label-designer-page/,
  labelSymbologies: /node_modules\/(jsbarcode|qr)\//,
};

async function buildClient(): Promise<Map<string, ChunkFacts>> {
  const output = (await build({
    root,
    logLevel: 'warn',
    build: { outDir: CLIENT_DIR, emptyOutDir: true },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = new Map<string, ChunkFacts>();
  for (const item of (Array.isArray(output) ? output : [output]).flatMap((o) => o.output)) {
    if (item.type !== 'chunk') continue;
    chunks.set(item.fileName, {
      gzipBytes: gzipSync(item.code, { level: 9 }).length,
      antd: item.moduleIds.some((id) => /node_modules\/antd\//.test(id)),
      antdMobile: item.moduleIds.some((id) => /node_modules\/antd-mobile\//.test(id)),
      isEntry: item.isEntry,
      imports: item.imports,
      parts: Object.keys(LAZY_PARTS).filter((part) => item.moduleIds.some((id) => LAZY_PARTS[part].test(id))),
    });
  }
  return chunks;
}

/** The entry chunks and everything they import statically: what any page of the client loads first. */
function entryClosure(chunks: Map<string, ChunkFacts>): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  for (const [file, facts] of chunks) if (facts.isEntry) visit(file);
  return seen;
}

/** Per lazy part: the chunks that hold it, their gzipped size, and whether the entry loads any of them. */
function lazyParts(chunks: Map<string, ChunkFacts>) {
  const entry = entryClosure(chunks);
  return Object.fromEntries(
    Object.keys(LAZY_PARTS).map((part) => {
      const holding = [...chunks].filter(([, facts]) => facts.parts.includes(part));
      return [
        part,
        {
          chunks: holding.map(([file, facts]) => `${file} ${round(facts.gzipBytes / 1024)}`),
          inEntry: holding.some(([file]) => entry.has(file)),
        },
      ];
    }),
  );
}

async function main() {
  const chunks = await buildClient();
  await bundleServer();
  const { startServerProcess } = await import('../tests/helpers/server-process');
  const server = await startServerProcess({ env: { STATIC_DIR: CLIENT_DIR } });
  const browser = await launchBrowser();
  try {
    const measure = async (label: string, options: Parameters<typeof openPage>[1], testId: string) => {
      const page = await openPage(browser, options, server.url);
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script')
          scripts.add(new URL(request.url()).pathname.replace(/^\//, ''));
      });
      await page.goto(`${server.url}/#/login`);
      await page.getByTestId(testId).waitFor();
      await page.waitForLoadState('networkidle');
      await page.context().close();
      const loaded = [...scripts].map((file) => ({ file, ...chunks.get(file) }));
      const unknown = loaded.filter((chunk) => chunk.gzipBytes === undefined).map((chunk) => chunk.file);
      if (unknown.length) throw new Error(`${label}: scripts not in the build: ${unknown.join(', ')}`);
      return {
        gzipKB: round(loaded.reduce((sum, chunk) => sum + (chunk.gzipBytes ?? 0), 0) / 1024),
        scripts: loaded.length,
        loadsAntd: loaded.some((chunk) => chunk.antd),
        loadsAntdMobile: loaded.some((chunk) => chunk.antdMobile),
        // The largest scripts first: where to look when the figure grows.
        largestKB: loaded
          .sort((a, b) => (b.gzipBytes ?? 0) - (a.gzipBytes ?? 0))
          .slice(0, 8)
          .map((chunk) => `${chunk.file} ${round((chunk.gzipBytes ?? 0) / 1024)}`),
      };
    };
    const desktop = await measure(
      'desktop',
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome },
      'desktop-login',
    );
    const mobile = await measure(
      'mobile',
      { viewport: VIEWPORTS.phone, userAgent: USER_AGENTS.iphoneSafari, isMobile: true, hasTouch: true },
      'mobile-login',
    );
    report('bundle', {
      desktopLogin: { ...desktop, targetKB: 160, met: desktop.gzipKB <= 160 },
      mobileLogin: { ...mobile, targetKB: 120, met: mobile.gzipKB <= 120 && !mobile.loadsAntd },
      lazyParts: lazyParts(chunks),
      totalBuildJsGzipKB: round([...chunks.values()].reduce((sum, chunk) => sum + chunk.gzipBytes, 0) / 1024),
    });
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(CLIENT_DIR, { recursive: true, force: true });
    fs.rmSync(path.join(root, 'dist-server-bundle'), { recursive: true, force: true });
  }
}

await main();
