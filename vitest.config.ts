import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Unit, API and component tests. Two projects: `node` for domain rules and the server (no DOM, no setup),
 * `dom` for the browser client under jsdom with the chat-host SDKs mocked. Browser tests (tests/e2e) have
 * their own config.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    passWithNoTests: true,
    // An error thrown outside a test (a timer or a render outliving its file) fails the run, even when every
    // test passed: it says some work was not awaited or cancelled (tests/src/setup.ts closes the notices).
    dangerouslyIgnoreUnhandledErrors: false,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/domain/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          // argon2id at OWASP cost and a PostgreSQL database per file make server tests slower than unit tests.
          testTimeout: 30000,
          hookTimeout: 60000,
          exclude: ['tests/e2e/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          setupFiles: ['tests/src/setup.ts'],
        },
      },
    ],
  },
});
