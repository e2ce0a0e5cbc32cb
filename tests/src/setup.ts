import { act, cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { prefilterStyleRules } from './style-rule-prefilter';

// findBy*/waitFor wait up to 5 s for what they look for (Testing Library's default is 1 s): on a busy 2-core
// machine a first render of antd or a lazily loaded dictionary took longer than 1 s now and then, and the
// test failed though the page was right. What is awaited and expected stays the same.
configure({ asyncUtilTimeout: 5000 });

// The chat-host SDKs throw outside a real browser; no unit test may load them.
vi.mock('dingtalk-jsapi', () => ({ default: { env: { platform: 'notInDingTalk' } } }));
vi.mock('dingtalk-jsapi/api/runtime/permission/requestAuthCode', () => ({
  default: vi.fn(async () => ({ code: 'dd-code' })),
}));
vi.mock('dingtalk-jsapi/api/biz/navigation/setTitle', () => ({ default: vi.fn(async () => ({})) }));
vi.mock('dingtalk-jsapi/api/biz/navigation/close', () => ({ default: vi.fn(async () => ({})) }));
vi.mock('dingtalk-jsapi/api/biz/util/openLink', () => ({ default: vi.fn(async () => ({})) }));
vi.mock('dingtalk-jsapi/entry/union', () => ({}));
vi.mock('weixin-js-sdk', () => ({ default: { closeWindow: vi.fn(), config: vi.fn(), ready: vi.fn() } }));

// getComputedStyle's walk over antd's style rules, shortened with the same answers (see the file).
prefilterStyleRules(document);

// antd reads matchMedia for responsive props; jsdom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's menus and overflow measure themselves; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

/** Notices of antd's static message and notification, and antd-mobile's Toast. */
const ANTD_NOTICE = '.ant-message-notice, .ant-notification-notice';
const TOAST = '.adm-toast-mask';

/**
 * Closes what the static notice APIs still show, and waits until they are gone. They render into holders of
 * their own, outside the tested tree, which cleanup() does not unmount: a notice left on screen kept its
 * timers and React's work going after the test, past the end of jsdom ("window is not defined" once the
 * file had passed). A notice on screen means its module is loaded, so closing it loads nothing new. Tests
 * load antd's message twice (the pages take 'antd', the error toast 'antd/es/message'; the browser's bundle
 * has one).
 */
async function closeGlobalNotices(): Promise<void> {
  const closers: Array<[selector: string, close: () => Promise<void>]> = [
    [
      ANTD_NOTICE,
      async () => {
        const { message, notification } = await import('antd');
        message.destroy();
        notification.destroy();
      },
    ],
    [ANTD_NOTICE, async () => (await import('antd/es/message')).default.destroy()],
    [TOAST, async () => (await import('../../src/mobile/imperative')).Toast.clear()],
  ];
  for (const [selector, close] of closers) {
    if (document.querySelector(selector)) await act(close);
  }
  // antd-mobile's toast fades out before it leaves.
  await waitFor(() => {
    if (document.querySelector(`${ANTD_NOTICE}, ${TOAST}`)) throw new Error('a notice outlived its test');
  });
}

afterEach(async () => {
  cleanup();
  await closeGlobalNotices();
  localStorage.clear();
  sessionStorage.clear();
});
