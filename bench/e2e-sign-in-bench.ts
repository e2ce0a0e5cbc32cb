/**
 * What a browser test's sign-in costs in CPU (this process, the server and chromium with all its
 * processes), three ways, each ending on the card home of a fresh context: through the login page (fill,
 * submit, the redirect), through the sign-in API with the context started from its storage state
 * (tests/e2e/signed-in.ts), and with a session of the same account used again. Contexts come from the
 * worker's pool as in the browser tests (tests/e2e/context-pool.ts); apiSignInNewContext is the API sign-in
 * in a context made for it alone, as every test had before the pool. The ways take turns in
 * rounds, so a machine shared with other work weighs on each alike; the ratios come from one run.
 * Needs `npm run build` first. `--rounds <n>` (default 6) rounds of `--each <n>` (default 4) sign-ins.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { startServerProcess } from '../tests/helpers/server-process';
import { launchBrowser, openPage, USER_AGENTS, VIEWPORTS } from '../tests/e2e/browser';
import { openSignedInPage } from '../tests/e2e/signed-in';
import { machineLoad, report, round } from './bench-utils';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROUNDS = option('rounds', 6);
const EACH = option('each', 4);

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU ms of a process and of its children it has reaped, or 0 once it is gone. */
function ownAndReapedMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: the 12th to 15th fields after the command name.
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** CPU ms of `root` and every process under it (chromium's renderers come and go: their parent reaps them). */
function treeCpuMs(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at))
      if (at === root) return true;
    return false;
  };
  let total = 0;
  for (const pid of parents.keys()) if (inTree(pid)) total += ownAndReapedMs(pid);
  return total;
}

const desktop = { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' };

async function onHome(page: Page): Promise<void> {
  await page.getByTestId('my-apps').waitFor();
  await page.context().close();
}

async function main() {
  const server = await startServerProcess({ timeoutMs: 120_000 });
  const browser: Browser = await launchBrowser();
  const who = server.admin;
  const url = server.url;
  const ways: Record<string, () => Promise<void>> = {
    // What every test pays whatever it does: a context and a page, closed unused.
    blankContext: async () => {
      const page = await openPage(browser, desktop, url);
      await page.context().close();
    },
    // The login page's first load alone.
    loginPageOnly: async () => {
      const page = await openPage(browser, desktop, url);
      await page.goto(`${url}/#/login`);
      await page.getByTestId('login-account').waitFor();
      await page.context().close();
    },
    loginPage: async () => {
      const page = await openPage(browser, desktop, url);
      await page.goto(`${url}/#/login`);
      await page.getByTestId('login-account').fill(who.account);
      await page.getByTestId('login-password').fill(who.password);
      await page.getByTestId('login-agree').check();
      await page.getByTestId('login-submit').click();
      await onHome(page);
    },
    apiSignIn: async () => {
      const page = await openSignedInPage(browser, desktop, url, who, { ownSession: true });
      await page.goto(`${url}/#/cardModeIndex`);
      await onHome(page);
    },
    // The same in a context of its own, as before the pool (context-pool.ts): no HTTP cache, no warm renderer.
    apiSignInNewContext: async () => {
      process.env.E2E_CONTEXT_POOL = 'off';
      try {
        const page = await openSignedInPage(browser, desktop, url, who, { ownSession: true });
        await page.goto(`${url}/#/cardModeIndex`);
        await onHome(page);
      } finally {
        delete process.env.E2E_CONTEXT_POOL;
      }
    },
    sessionReused: async () => {
      const page = await openSignedInPage(browser, desktop, url, who);
      await page.goto(`${url}/#/cardModeIndex`);
      await onHome(page);
    },
  };
  const names = Object.keys(ways);
  const cpuMs: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const loadBefore = machineLoad();
  try {
    // One of each first: the server's and chromium's caches warm, not counted.
    for (const name of names) await ways[name]();
    for (let turn = 0; turn < ROUNDS; turn += 1) {
      // Each round in another order, so none always runs after the same one.
      const order = names.map((_, index) => names[(index + turn) % names.length]);
      for (const name of order) {
        const before = treeCpuMs(process.pid);
        for (let index = 0; index < EACH; index += 1) await ways[name]();
        cpuMs[name].push((treeCpuMs(process.pid) - before) / EACH);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const perSignIn = Object.fromEntries(names.map((name) => [name, round(median(cpuMs[name]))]));
  report('e2e-sign-in', {
    what: 'CPU ms (this process + server + chromium) from a fresh context to the card home, median of rounds',
    rounds: ROUNDS,
    signInsPerRound: EACH,
    cpuMsPerSignIn: perSignIn,
    cpuMsPerRound: cpuMs,
    ratios: {
      loginPageOverApiSignIn: round(perSignIn.loginPage / perSignIn.apiSignIn, 2),
      loginPageOverSessionReused: round(perSignIn.loginPage / perSignIn.sessionReused, 2),
      newContextOverPooled: round(perSignIn.apiSignInNewContext / perSignIn.apiSignIn, 2),
    },
    load: { before: loadBefore, after: machineLoad() },
  });
}

await main();
