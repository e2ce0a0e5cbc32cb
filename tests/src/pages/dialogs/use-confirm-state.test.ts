import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import { useConfirmState } from '../../../../src/pages/dialogs/use-confirm-state';

describe('useConfirmState (confirm box)', () => {
  it('is busy while the action runs, then closes the box', async () => {
    let finish = () => {};
    const onDone = vi.fn();
    const { result } = renderHook(() => useConfirmState());
    let run: Promise<boolean> = Promise.resolve(false);
    act(() => {
      run = result.current.confirm(() => new Promise<void>((resolve) => (finish = resolve)), onDone);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await run;
    });
    expect(result.current.busy).toBe(false);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('keeps the box open with the refusal, and forgets it on reset', async () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useConfirmState());
    await act(() =>
      result.current.confirm(
        () => Promise.reject(new ApiError(400, 'errors.request.invalid', 'bad')),
        onDone,
      ),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.error?.key).toBe('errors.request.invalid');
    act(() => result.current.reset());
    expect(result.current.error).toBeNull();
  });

  it('runs the action once however often confirm is pressed while it runs', async () => {
    const action = vi.fn(async () => {});
    const { result } = renderHook(() => useConfirmState());
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = result.current.confirm(action, () => {});
      void result.current.confirm(action, () => {});
    });
    await act(async () => {
      await first;
    });
    expect(action).toHaveBeenCalledTimes(1);
  });
});
