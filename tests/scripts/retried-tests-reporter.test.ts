import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import RetriedTestsReporter from '../e2e/retried-tests-reporter';

interface FakeTest {
  fullName: string;
  retryCount: number;
  state: 'passed' | 'failed';
  errors?: Array<{ name?: string; message: string; stack?: string }>;
}

/** Just the parts of vitest's TestModule the reporter reads. */
function testModule(relativeModuleId: string, tests: FakeTest[]): TestModule {
  return {
    relativeModuleId,
    children: {
      *allTests() {
        for (const test of tests) {
          yield {
            fullName: test.fullName,
            diagnostic: () => ({ retryCount: test.retryCount }),
            result: () => ({ state: test.state, errors: test.errors }),
          };
        }
      },
    },
  } as unknown as TestModule;
}

function printed(modules: TestModule[]): string {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  new RetriedTestsReporter().onTestRunEnd(modules);
  return log.mock.calls.map((call) => String(call[0])).join('\n');
}

const timeout = {
  name: 'AssertionError',
  message: "expected 'Import members' to be visible",
  stack: [
    "AssertionError: expected 'Import members' to be visible",
    '    at tests/e2e/member-import.test.ts:120:7',
    '    at clickWhenStill (tests/e2e/browser.ts:88:3)',
  ].join('\n'),
};

describe('the retried browser tests report', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints the first attempt’s error under a test that passed on its retry', () => {
    const output = printed([
      testModule('tests/e2e/member-import.test.ts', [
        { fullName: 'imports members', retryCount: 0, state: 'passed' },
        {
          fullName: 'offers the SSO-account import in the same dialog',
          retryCount: 1,
          state: 'passed',
          errors: [timeout],
        },
      ]),
    ]);
    expect(output).toContain('1 browser test(s) needed a retry:');
    expect(output).toContain(
      'retried: tests/e2e/member-import.test.ts > offers the SSO-account import in the same dialog (passed on retry 1)',
    );
    expect(output).toContain("AssertionError: expected 'Import members' to be visible");
    expect(output).toContain('at tests/e2e/member-import.test.ts:120:7');
    expect(output).not.toContain('imports members (');
  });

  it('prints only the first of the errors of a test whose retry failed too', () => {
    const output = printed([
      testModule('tests/e2e/dialogs.test.ts', [
        {
          fullName: 'closes the dialog',
          retryCount: 1,
          state: 'failed',
          errors: [
            { name: 'Error', message: 'first attempt: locator timed out' },
            { name: 'Error', message: 'second attempt: locator timed out' },
          ],
        },
      ]),
    ]);
    expect(output).toContain('retried: tests/e2e/dialogs.test.ts > closes the dialog (failed)');
    expect(output).toContain('Error: first attempt: locator timed out');
    expect(output).not.toContain('second attempt');
  });
});
