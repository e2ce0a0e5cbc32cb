import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
