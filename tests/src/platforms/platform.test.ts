import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HOST_CALL_TIMEOUT_MS,
  hostCallTimeoutMs,
  PlatformError,
  setHostCallTimeoutMs,
  withTimeout,
} from '../../../src/platforms/platform';
import { createPlatform } from '../../../src/platforms/create-platform';

describe('withTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes a host answer through', async () => {
    await expect(withTimeout(Promise.resolve({ code: 'c' }))).resolves.toEqual({ code: 'c' });
  });

  it('wraps a host failure, whatever its shape, as errors.env.hostFailed', async () => {
    for (const failure of [new Error('bridge down'), { errorCode: '3', errorMessage: 'no' }, 'refused']) {
      await expect(withTimeout(Promise.reject(failure), 1000)).rejects.toMatchObject({
        key: 'errors.env.hostFailed',
      });
    }
  });

  it('keeps a PlatformError as it is', async () => {
    const denied = new PlatformError('errors.env.authDenied');
    await expect(withTimeout(Promise.reject(denied))).rejects.toBe(denied);
  });

  it('gives up on a host that never answers within a few seconds', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise(() => undefined));
    const assertion = expect(pending).rejects.toMatchObject({ key: 'errors.env.hostTimeout' });
    await vi.advanceTimersByTimeAsync(HOST_CALL_TIMEOUT_MS);
    await assertion;
    expect(HOST_CALL_TIMEOUT_MS).toBeLessThanOrEqual(8000);
  });

  it("gives up after the deployment's bound once it is set, and after the default for a meaningless one", async () => {
    try {
      setHostCallTimeoutMs(1500);
      expect(hostCallTimeoutMs()).toBe(1500);
      vi.useFakeTimers();
      const pending = withTimeout(new Promise(() => undefined));
      const assertion = expect(pending).rejects.toMatchObject({ key: 'errors.env.hostTimeout' });
      await vi.advanceTimersByTimeAsync(1500);
      await assertion;
      for (const meaningless of [undefined, 0, -1, Number.NaN]) {
        setHostCallTimeoutMs(meaningless);
        expect(hostCallTimeoutMs()).toBe(HOST_CALL_TIMEOUT_MS);
      }
    } finally {
      setHostCallTimeoutMs(undefined);
    }
  });

  it('takes the bound from the options the page creates its platform with', () => {
    try {
      createPlatform(
        { kind: 'browser', formFactor: 'desktop' },
        { feishuSdkUrl: '', hostCallTimeoutMs: 2500 },
      );
      expect(hostCallTimeoutMs()).toBe(2500);
    } finally {
      setHostCallTimeoutMs(undefined);
    }
  });
});
