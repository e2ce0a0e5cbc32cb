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
    // Two files at once by default (E2E_WORKERS to change it): each worker has its own chromium and its own
    // shared server (global-setup.ts, shared-server.ts), and files within a worker run one after another in
    // one process (no test file mocks a module, and each opens its own browser contexts, so a fresh process
    // per file would only load playwright-core and the helpers again; setup files still run before every
    // file).
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    isolate: false,
    // On the 2-core CI machine a click can meet a box mid-animation once in a few hundred runs; a test
    // that fails is run once more there and the report names it as retried (retried-tests-reporter.ts), so
    // a real fault still fails (twice) while one lost click does not throw away a whole run.
    retry: process.env.CI ? 1 : 0,
    // expect.poll waits for a condition; its 1 s default is shorter than a sign-in's password hash takes
    // with two files at once on a busy 2-core machine (a toast or a notice then seemed missing). A poll
    // still ends as soon as its condition holds: this is only how long a real fault takes to be reported.
    expect: { poll: { timeout: 20_000 } },
    reporters: ['default', './tests/e2e/retried-tests-reporter.ts'],
  },
});
