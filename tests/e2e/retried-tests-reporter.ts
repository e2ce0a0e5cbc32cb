import type { Reporter, TestModule } from 'vitest/node';

/**
 * Names every browser test that needed its retry (vitest.e2e.config.ts retries once under CI), after the
 * run's summary, so a test that passed only the second time is in the run's output for someone to look at
 * and never silently hidden: `retried: <file> > <test> (passed on retry 1)`, or `(failed)` when the retry
 * did not help either. A run without retries says so in one line.
 */
export default class RetriedTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const { retryCount } = test.diagnostic() ?? { retryCount: 0 };
        if (!retryCount) continue;
        const outcome = test.result().state === 'passed' ? `passed on retry ${retryCount}` : 'failed';
        lines.push(`retried: ${testModule.relativeModuleId} > ${test.fullName} (${outcome})`);
      }
    }
    console.log(
      lines.length
        ? `\n${lines.length} browser test(s) needed a retry:\n${lines.join('\n')}\n`
        : '\nNo browser test needed a retry.\n',
    );
  }
}
