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
    // One browser and one server are shared; files run one after another, in one worker: no test file
    // mocks a module, and each opens its own browser contexts, so a fresh process per file would only load
    // playwright-core and the helpers again (setup files still run before every file).
    fileParallelism: false,
    isolate: false,
    // On the 2-core CI machine a click can meet a box mid-animation once in a few hundred runs; a test
    // that fails is run once more there and the report names it as retried (retried-tests-reporter.ts), so
    // a real fault still fails (twice) while one lost click does not throw away a whole run.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './tests/e2e/retried-tests-reporter.ts'],
  },
});
