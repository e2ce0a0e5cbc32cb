import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// The static notice APIs render into holders of their own that outlive the tested tree. A notice a test
// leaves on screen kept timers and React's work going past the end of jsdom, where they failed with
// "window is not defined" after the file had passed; the setup closes them when each test ends. Each pair
// below shows a notice that would stay for good, then checks that the next test starts without it.
const lasting = { content: 'A notice that stays', duration: 0 };

describe("antd's static message, as the desktop pages use it", () => {
  it('shows a notice that stays', async () => {
    const { message } = await import('antd');
    void message.success(lasting);
    expect(await screen.findByText(lasting.content, undefined, { timeout: 10_000 })).toBeTruthy();
  }, 30_000); // the first antd render on a busy machine

  it('is gone when the next test starts', () => {
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});

describe("antd's message as the desktop error toast loads it", () => {
  it('shows a notice that stays', async () => {
    const { default: message } = await import('antd/es/message');
    void message.error(lasting);
    expect(await screen.findByText(lasting.content, undefined, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);

  it('is gone when the next test starts', () => {
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});

describe("antd-mobile's Toast, as the phone pages use it", () => {
  it('shows a toast that stays', async () => {
    const { Toast } = await import('../../src/mobile/imperative');
    Toast.show({ content: lasting.content, duration: 0 });
    expect(await screen.findByText(lasting.content, undefined, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);

  it('is gone when the next test starts', () => {
    expect(document.querySelector('.adm-toast-mask')).toBeNull();
  });
});

describe('the unit test run', () => {
  it('fails on an error thrown outside a test, even when every test passed', async () => {
    const { default: config } = await import('../../vitest.config');
    expect(config.test?.dangerouslyIgnoreUnhandledErrors).toBe(false);
  });
});
