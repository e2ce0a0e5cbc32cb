import dayjs from 'dayjs';
import { afterAll, vi } from 'vitest';

/**
 * Set-up file of the `dom-shared` project (vitest.config.ts), run before each of its files. Those files
 * share one jsdom window and the packages already loaded (React, antd, antd-mobile) with the files run
 * before them in the same worker: a fresh window and a fresh import of those packages cost more than most
 * of these files' tests. Each file still starts as it would in a process of its own: the application's own
 * modules are evaluated again (the language, the catalogue loaded so far, session state), and what they
 * leave in the window or in a shared package is put back here.
 */
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
