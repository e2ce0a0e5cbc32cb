import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the bundled server (as `npm start` runs it) on a temp data directory, driven through
 * Debian's chromium by playwright-core. `npm run test:e2e` builds first.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/fresh-address.ts'],
    testTimeout: 60000,
    hookTimeout: 60000,
    // One file at a time by default: files run one after another in one process (no test file mocks a
    // module, and each opens its own browser contexts, so a fresh process per file would only load
    // playwright-core and the helpers again; setup files still run before every file). E2E_WORKERS=2 runs
    // two files at once, each worker with its own chromium and its own shared server (global-setup.ts,
    // shared-server.ts); not the default yet: under a loaded machine three tests that pass one file at a
    // time failed in such runs (a wrong-password toast and a trial-over notice not seen in time).
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
    isolate: false,
    // On the 2-core CI machine a click can meet a box mid-animation once in a few hundred runs; a test
    // that fails is run once more there and the report names it as retried (retried-tests-reporter.ts), so
    // a real fault still fails (twice) while one lost click does not throw away a whole run.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './tests/e2e/retried-tests-reporter.ts'],
  },
});
