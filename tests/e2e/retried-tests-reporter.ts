import type { Reporter, TestModule } from 'vitest/node';

/** Stack lines kept under a first error: enough to find the test's line and the helper it was in. */
const STACK_LINES = 6;
/** A Playwright timeout's message carries its call log (what it waited for, what it saw): keep its top. */
const MESSAGE_LINES = 20;

interface FailedAttemptError {
  name?: string;
  message: string;
  stack?: string;
}

/** The error's first line(s) and the top of its stack, indented under the test's name. */
function describeError(error: FailedAttemptError): string {
  const heading = `${error.name && !error.message.startsWith(error.name) ? `${error.name}: ` : ''}${error.message}`;
  const frames = (error.stack ?? '')
    .split('\n')
    // The test's own frames: vitest's and Playwright's add nothing about the cause.
    .filter((line) => /^\s+at /.test(line) && !/node_modules|<anonymous>/.test(line))
    .slice(0, STACK_LINES)
    .map((line) => line.trim());
  return [...heading.split('\n').slice(0, MESSAGE_LINES), ...frames.map((frame) => `  ${frame}`)]
    .map((line) => `    ${line}`)
    .join('\n');
}

/**
 * Names every browser test that needed its retry (vitest.e2e.config.ts retries once under CI), after the
 * run's summary, so a test that passed only the second time is in the run's output for someone to look at
 * and never silently hidden: `retried: <file> > <test> (passed on retry 1)`, or `(failed)` when the retry
 * did not help either, followed by the error of its FIRST attempt. A passed retry leaves that error nowhere
 * else in the output (vitest reports only a test's final state), and it is the only clue to the race or
 * fault that made the test need a retry. A run without retries says so in one line.
 */
export default class RetriedTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    let retried = 0;
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const { retryCount } = test.diagnostic() ?? { retryCount: 0 };
        if (!retryCount) continue;
        retried += 1;
        const result = test.result();
        const outcome = result.state === 'passed' ? `passed on retry ${retryCount}` : 'failed';
        lines.push(`retried: ${testModule.relativeModuleId} > ${test.fullName} (${outcome})`);
        // vitest keeps every attempt's errors on the test, oldest first, even when a retry passed.
        const first = result.errors?.[0];
        if (first) lines.push(`  first attempt failed with:\n${describeError(first)}`);
      }
    }
    console.log(
      lines.length
        ? `\n${retried} browser test(s) needed a retry:\n${lines.join('\n')}\n`
        : '\nNo browser test needed a retry.\n',
    );
  }
}
