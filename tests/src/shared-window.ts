import dayjs from 'dayjs';
import { afterAll, vi } from 'vitest';

/**
 * Set-up file of the `dom-shared` project (vitest.config.ts), run before each of its files. Those files
 * share one jsdom window and the packages already loaded (React, antd, antd-mobile) with the files run
 * before them in the same worker: a fresh window and a fresh import of those packages cost more than most
 * of these files' tests. Each file still starts as it would in a process of its own: the application's own
 * modules are evaluated again (the language, the catalogue loaded so far, session state), and what they
 * leave in the window or in a shared package is put back here. A file may replace application modules with
 * vi.mock: vitest registers a file's mocks before it loads the file's imports, and its registry of mocks is
 * emptied here, so the mocks of one file never reach the next.
 */
// The modules the previous file replaced with vi.mock are real again (its own mocks and setup.ts's are
// registered anew as this file and setup.ts load); vi.resetModules alone keeps a mock registered.
const mocker = (globalThis as { __vitest_mocker__?: { reset?(): void } }).__vitest_mocker__;
if (typeof mocker?.reset !== 'function')
  throw new Error('vitest no longer offers its mocker: see shared-window.ts');
mocker.reset();
vi.resetModules();
// dayjs keeps its locale in the package; the language module sets it when the language changes.
dayjs.locale('en');
document.documentElement.removeAttribute('lang');
document.title = '';
window.history.replaceState(null, '', '/');

afterAll(() => {
  // A file that leaves fake timers on would freeze every file after it.
  vi.useRealTimers();
});
