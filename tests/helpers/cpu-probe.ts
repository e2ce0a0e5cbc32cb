import fs from 'node:fs';
import { afterAll, expect } from 'vitest';

/**
 * Set-up file added by vitest.config.ts when UNIT_CPU_PROBE names a file: appends one JSON line per test
 * file with the CPU seconds its worker spent on it (`own`) and those of the child processes it waited for
 * (`children`: the CLI, server instances), and its wall time. The machine is shared, so wall time says
 * little and CPU is what a speed-up is measured by. Linux only (/proc).
 */
function cpuSeconds(): { own: number; children: number } {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  // After the command name: state is field 3, utime/stime/cutime/cstime fields 14-17, in 1/100 s.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((index) => Number(fields[index]) / 100);
  return { own: utime + stime, children: cutime + cstime };
}

const output = process.env.UNIT_CPU_PROBE;
const start = cpuSeconds();
const started = performance.now();

afterAll(() => {
  if (!output) return;
  const end = cpuSeconds();
  const line = {
    file: expect.getState().testPath,
    own: Number((end.own - start.own).toFixed(2)),
    children: Number((end.children - start.children).toFixed(2)),
    wall: Number(((performance.now() - started) / 1000).toFixed(2)),
    pid: process.pid,
  };
  fs.appendFileSync(output, `${JSON.stringify(line)}\n`);
});
