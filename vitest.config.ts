import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// UNIT_CPU_PROBE=<file>: one JSON line per test file with its CPU seconds (tests/helpers/cpu-probe.ts).
const PROBE = process.env.UNIT_CPU_PROBE ? ['tests/helpers/cpu-probe.ts'] : [];
const NODE_TESTS = ['tests/domain', 'tests/server', 'tests/scripts'];
const DOM_TESTS = ['tests/src'];

/**
 * The test files under `dirs` that replace a module with `vi.mock`: a mock is registered for the process
 * and a module loaded before it stays loaded, so these files each need a fresh process (`node-mocked`;
 * client files do not: see tests/src/shared-window.ts).
 */
function testsThatMockModules(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
      .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(fs.readFileSync(file, 'utf8'))),
  );
}

const mockingNodeTests = testsThatMockModules(NODE_TESTS);

const nodeProject = {
  environment: 'node' as const,
  // Both node projects name it; it starts one PostgreSQL cluster for the run (global-setup.ts).
  globalSetup: ['tests/helpers/global-setup.ts'],
  // argon2id at its smallest cost in these processes (see the file; production keeps OWASP's).
  setupFiles: [...PROBE, 'tests/helpers/cheap-password-hashes.ts'],
  // Child processes (instances, the CLI bundle) and a PostgreSQL database per file make server tests slower.
  testTimeout: 30000,
  hookTimeout: 60000,
};

const domProject = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/src/setup.ts'],
  // As the node projects: vitest's 5 s ended tests whose first render of antd took longer on a loaded
  // 2-core machine (28 tests already said 30 s for themselves); what a test waits for is unchanged.
  testTimeout: 30000,
};

/**
 * Unit, API and component tests. Projects: `node` for domain rules and the server (no DOM, no setup),
 * `node-mocked` for the few node files that mock a module, `dom-shared` for the browser client under jsdom
 * with the chat-host SDKs mocked. Browser tests (tests/e2e) have their own config.
 *
 * `node` runs its files one after another in the same process (`isolate: false`): no file there mocks a
 * module or changes a global, each builds its own app over its own database, and loading the server's
 * modules again for every file cost more than half of those files' time. `dom-shared` likewise keeps one
 * jsdom window and the loaded React/antd per worker, and evaluates the application's modules again for
 * each file (tests/src/shared-window.ts): its 52 files took 101 s of CPU each in a process of its own and
 * 23 s so. Its files may mock application modules with vi.mock: shared-window.ts empties vitest's registry
 * of mocks before each file, so they no longer need a process each (the 68 files that mock took 215 s of CPU in a process each and 93 s
 * here, in one run each beside the other at load 20).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    passWithNoTests: true,
    // One test file per core. Vitest's default leaves a core free (availableParallelism() - 1), which on a
    // 2-core CI machine ran every file one after another: a server test spends much of its time waiting on
    // PostgreSQL, a child process or argon2id on the thread pool, and a second file fills those waits.
    maxWorkers: os.availableParallelism(),
    // An error thrown outside a test (a timer or a render outliving its file) fails the run, even when every
    // test passed: it says some work was not awaited or cancelled (tests/src/setup.ts closes the notices).
    dangerouslyIgnoreUnhandledErrors: false,
    projects: [
      {
        test: {
          ...nodeProject,
          name: 'node',
          include: NODE_TESTS.map((dir) => `${dir}/**/*.test.ts`),
          exclude: ['tests/e2e/**', 'node_modules/**', ...mockingNodeTests],
          isolate: false,
        },
      },
      ...(mockingNodeTests.length
        ? [{ test: { ...nodeProject, name: 'node-mocked', include: mockingNodeTests } }]
        : []),
      {
        extends: true,
        test: {
          ...domProject,
          name: 'dom-shared',
          setupFiles: [...PROBE, 'tests/src/shared-window.ts', ...domProject.setupFiles],
          include: DOM_TESTS.map((dir) => `${dir}/**/*.test.{ts,tsx}`),
          exclude: ['tests/e2e/**', 'node_modules/**'],
          isolate: false,
        },
      },
    ],
  },
});
