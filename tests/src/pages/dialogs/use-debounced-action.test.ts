import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_DEBOUNCE_MS } from '../../../../domain/constants';
import { useDebouncedAction } from '../../../../src/pages/dialogs/use-debounced-action';

describe('useDebouncedAction (SPEC §9 button debounce)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 400 ms', () => {
    expect(BUTTON_DEBOUNCE_MS).toBe(400);
  });

  it('runs the first click at once and ignores clicks within 400 ms of it', () => {
    const action = vi.fn((n: number) => n * 2);
    const { result } = renderHook(() => useDebouncedAction(action));
    expect(result.current(1)).toBe(2);
    expect(result.current(2)).toBeUndefined();
    act(() => vi.advanceTimersByTime(399));
    expect(result.current(3)).toBeUndefined();
    expect(action).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledWith(1);
  });

  it('runs again once 400 ms have passed since the first click', () => {
    const action = vi.fn();
    const { result } = renderHook(() => useDebouncedAction(action));
    result.current();
    act(() => vi.advanceTimersByTime(200));
    result.current(); // ignored: it does not extend the wait
    act(() => vi.advanceTimersByTime(200));
    result.current();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('calls the latest action the component rendered with', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ action }) => useDebouncedAction(action), {
      initialProps: { action: first },
    });
    rerender({ action: second });
    result.current();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('takes another wait when given one', () => {
    const action = vi.fn();
    const { result } = renderHook(() => useDebouncedAction(action, 1000));
    result.current();
    act(() => vi.advanceTimersByTime(400));
    result.current();
    expect(action).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(600));
    result.current();
    expect(action).toHaveBeenCalledTimes(2);
  });
});
