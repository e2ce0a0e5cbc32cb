import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import { useSubmitState } from '../../../../src/pages/dialogs/use-submit-state';

describe('useSubmitState (SPEC §4 submit modal)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is submitting while the action runs', async () => {
    let finish = () => {};
    const { result } = renderHook(() => useSubmitState());
    let run: Promise<boolean> = Promise.resolve(false);
    act(() => {
      run = result.current.submit(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.phase).toBe('submitting');
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await run;
    });
    expect(result.current.phase).toBe('success');
  });

  it('shows success for 1.5 s, then closes, and is idle again 0.4 s later', async () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useSubmitState(onDone));
    await act(() => result.current.submit(async () => ({ ok: true })));
    expect(result.current.phase).toBe('success');
    act(() => vi.advanceTimersByTime(1499));
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.phase).toBe('success');
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(result.current.phase).toBe('success');
    act(() => vi.advanceTimersByTime(399));
    expect(result.current.phase).toBe('success');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.phase).toBe('idle');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal for 3 s and is idle again after 1 s', async () => {
    const { result } = renderHook(() => useSubmitState());
    await act(() =>
      result.current.submit(() => Promise.reject(new ApiError(409, 'errors.members.cannotRemoveSelf', 'no'))),
    );
    expect(result.current.phase).toBe('error');
    expect(result.current.error).toEqual({ key: 'errors.members.cannotRemoveSelf', params: undefined });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.phase).toBe('error');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.phase).toBe('idle');
    expect(result.current.error).not.toBeNull();
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.error).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.error).toBeNull();
  });

  it('reads a returned refusal, an unknown failure and a refusal already shown elsewhere', async () => {
    const { result } = renderHook(() => useSubmitState());
    await act(() => result.current.submit(async () => ({ ok: false, key: 'errors.request.tooFrequent' })));
    expect(result.current.error?.key).toBe('errors.request.tooFrequent');
    act(() => vi.advanceTimersByTime(3000));
    await act(() => result.current.submit(() => Promise.reject(new Error('boom'))));
    expect(result.current.error?.key).toBe('errors.request.internal');
    act(() => vi.advanceTimersByTime(3000));
    await act(() => result.current.submit(async () => false));
    expect(result.current.phase).toBe('error');
    expect(result.current.error).toBeNull();
  });

  it('ignores a submit while one runs, while success shows and while a failure holds the button', async () => {
    const action = vi.fn(async () => {});
    const { result } = renderHook(() => useSubmitState());
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = result.current.submit(action);
      second = result.current.submit(action);
    });
    await act(async () => {
      await first;
    });
    expect(await second).toBe(false);
    await act(() => result.current.submit(action));
    expect(action).toHaveBeenCalledTimes(1);

    const failing = vi.fn(async () => false);
    const other = renderHook(() => useSubmitState());
    await act(() => other.result.current.submit(failing));
    await act(() => other.result.current.submit(failing));
    expect(failing).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1000));
    await act(() => other.result.current.submit(failing));
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('a new submit clears the last refusal at once', async () => {
    const { result } = renderHook(() => useSubmitState());
    await act(() => result.current.submit(async () => ({ ok: false, key: 'errors.request.tooFrequent' })));
    act(() => vi.advanceTimersByTime(1000));
    let run: Promise<boolean> = Promise.resolve(false);
    act(() => {
      run = result.current.submit(() => new Promise<void>(() => {}));
    });
    expect(result.current.error).toBeNull();
    expect(result.current.phase).toBe('submitting');
    void run;
  });

  it('reset forgets the message and pending timers', async () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useSubmitState(onDone));
    await act(() => result.current.submit(async () => {}));
    act(() => result.current.reset());
    expect(result.current.phase).toBe('idle');
    act(() => vi.advanceTimersByTime(5000));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('runs nothing after unmount', async () => {
    const onDone = vi.fn();
    const { result, unmount } = renderHook(() => useSubmitState(onDone));
    await act(() => result.current.submit(async () => {}));
    unmount();
    act(() => vi.advanceTimersByTime(5000));
    expect(onDone).not.toHaveBeenCalled();
  });
});
