/**
 * Lighthouse scores of /#/login, run against the built client served by the bundled server (own process,
 * SQLite) in Debian's chromium: the mobile form factor (Lighthouse's default emulation of a mid-range phone)
 * and the desktop preset. Throttling is Lighthouse's default simulated throttling: the page loads at the
 * machine's own speed and Lighthouse models a slow 4G phone (or a desktop on cable) from the trace, so the
 * figures do not depend on how busy the machine is as much as a real slowdown would. The target is
 * performance and accessibility >= 95 on mobile.
 *
 * The client is built into a directory of its own and the server bundle into dist-server-lh, so dist/ and
 * dist-server/ (which other runs use) are left alone; both are removed at the end. `-- --runs <n>` (default
 * 3) runs each form factor n times and reports the run with the median performance score.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { build } from 'vite';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { report } from './bench-utils';

const root = path.resolve(import.meta.dirname, '..');
// Read by bundleServer and by the server-process helper when it loads (hence its dynamic import below).
process.env.SERVER_BUNDLE_DIR = 'dist-server-lh';
const CLIENT_DIR = path.join(os.tmpdir(), `uc-lighthouse-client-${process.pid}`);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function runsWanted(): number {
  const at = process.argv.indexOf('--runs');
  const runs = at >= 0 ? Number(process.argv[at + 1]) : 3;
  return Number.isInteger(runs) && runs > 0 ? runs : 3;
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100);

/** The figures one Lighthouse run gives for a form factor. */
function summarise(lhr: Result, origin: string) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, score(lhr.categories[id]?.score)]));
  // Audits that count towards a category's score and did not pass, with where they count.
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .filter((audit) => ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue,
      categories: CATEGORIES.filter((id) => lhr.categories[id]?.auditRefs.some((ref) => ref.id === audit.id)),
    }));
  const metric = (id: string) => lhr.audits[id]?.numericValue;
  const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string }> } | undefined)
    ?.items;
  return {
    scores,
    metrics: {
      fcpMs: Math.round(metric('first-contentful-paint') ?? 0),
      lcpMs: Math.round(metric('largest-contentful-paint') ?? 0),
      tbtMs: Math.round(metric('total-blocking-time') ?? 0),
      cls: Number((metric('cumulative-layout-shift') ?? 0).toFixed(3)),
      speedIndexMs: Math.round(metric('speed-index') ?? 0),
    },
    failing,
    requests: requests?.length ?? 0,
    // Anything not from our own server (data: URLs aside) would be outside traffic, which must be none.
    externalRequests: (requests ?? [])
      .map((item) => item.url)
      .filter((url) => !url.startsWith(origin) && !url.startsWith('data:')),
    runWarnings: lhr.runWarnings,
    userAgent: lhr.environment.networkUserAgent,
  };
}

async function main() {
  const runs = runsWanted();
  await build({ root, logLevel: 'warn', build: { outDir: CLIENT_DIR, emptyOutDir: true } });
  await bundleServer();
  const { startServerProcess } = await import('../tests/helpers/server-process');
  const server = await startServerProcess({ env: { STATIC_DIR: CLIENT_DIR } });
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const url = `${server.url}/#/login`;
    const measure = async (config: Config | undefined) => {
      const results: Result[] = [];
      for (let run = 0; run < runs; run += 1) {
        const outcome = await lighthouse(
          url,
          { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] },
          config,
        );
        if (!outcome) throw new Error('lighthouse gave no result');
        if (outcome.lhr.runtimeError) throw new Error(`lighthouse: ${outcome.lhr.runtimeError.message}`);
        results.push(outcome.lhr);
      }
      const byPerformance = [...results].sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      // The whole report of that run, to open in Lighthouse's viewer or read for an audit's details.
      const resultsDir = path.join(import.meta.dirname, 'results');
      fs.mkdirSync(resultsDir, { recursive: true });
      fs.writeFileSync(
        path.join(resultsDir, `lighthouse-${median.configSettings.formFactor}.lhr.json`),
        JSON.stringify(median),
      );
      return {
        ...summarise(median, server.url),
        performanceScoresOfRuns: results.map((lhr) => score(lhr.categories.performance?.score)),
        formFactor: median.configSettings.formFactor,
        throttling: {
          method: median.configSettings.throttlingMethod,
          ...median.configSettings.throttling,
        },
      };
    };
    const mobile = await measure(undefined);
    const desktop = await measure(desktopConfig);
    report('lighthouse', {
      url: '/#/login',
      lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
      chromium: (await chromeVersion(chrome.port)) ?? 'unknown',
      runsPerFormFactor: runs,
      throttlingNote:
        "Lighthouse's default simulated throttling: the page loads unthrottled and Lighthouse models the " +
        'slower device and network from the trace; the machine itself is not slowed.',
      target: { mobilePerformance: 95, mobileAccessibility: 95 },
      met: (mobile.scores.performance ?? 0) >= 95 && (mobile.scores.accessibility ?? 0) >= 95,
      mobile,
      desktop,
    });
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(CLIENT_DIR, { recursive: true, force: true });
    fs.rmSync(path.join(root, 'dist-server-lh'), { recursive: true, force: true });
  }
}

async function chromeVersion(port: number): Promise<string | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/json/version`);
    return ((await response.json()) as { Browser?: string }).Browser ?? null;
  } catch {
    return null;
  }
}

await main();
