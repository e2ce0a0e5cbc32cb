import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxMessage } from '../../../../domain/schemas/message-push-admin';
import { getPushOutbox } from '../../../../src/adapters/message-push-api';
import { usePushOutbox } from '../../../../src/pages/message-push/use-push-outbox';

vi.mock('../../../../src/adapters/message-push-api', () => ({ getPushOutbox: vi.fn() }));

const message = (id: number, status: OutboxMessage['status'] = 'sent'): OutboxMessage => ({
  id,
  platform: 'wecom',
  product: 'ELN',
  title: `Notice ${id}`,
  recipient: 'Mo',
  status,
  attempts: 1,
  lastResponse: 'ok',
  createdAt: id,
  updatedAt: id,
  sentAt: status === 'sent' ? id : null,
});

describe('usePushOutbox', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(getPushOutbox)
      .mockReset()
      .mockImplementation(async ({ pageIndex = 1, status }) => ({
        total: status ? 1 : 3,
        items: status ? [message(9, status)] : pageIndex === 1 ? [message(3), message(2)] : [message(1)],
      }));
  });

  it('reads the first page, then the next one, in place or added below', async () => {
    const { result } = renderHook(() => usePushOutbox(2));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items.map((item) => item.id)).toEqual([3, 2]);
    expect(result.current).toMatchObject({ total: 3, hasMore: true, pageIndex: 1 });
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((item) => item.id)).toEqual([3, 2, 1]));
    expect(result.current.hasMore).toBe(false);
    act(() => result.current.goToPage(2));
    await waitFor(() => expect(result.current.items.map((item) => item.id)).toEqual([1]));
    expect(getPushOutbox).toHaveBeenLastCalledWith({ pageIndex: 2, pageSize: 2, status: undefined });
  });

  it('shows one state from its first page', async () => {
    const { result } = renderHook(() => usePushOutbox());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setFilter('failed'));
    await waitFor(() => expect(result.current.items.map((item) => item.status)).toEqual(['failed']));
    expect(getPushOutbox).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10, status: 'failed' });
    expect(result.current.filter).toBe('failed');
  });

  it('asks for a new page size from page 1 in the chosen state, and keeps it when shown again', async () => {
    const first = renderHook(() => usePushOutbox());
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    act(() => first.result.current.setFilter('sent'));
    await waitFor(() => expect(first.result.current.filter).toBe('sent'));
    act(() => first.result.current.goToPage(3, 50));
    await waitFor(() =>
      expect(getPushOutbox).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 50, status: 'sent' }),
    );
    await waitFor(() => expect(first.result.current).toMatchObject({ pageIndex: 1, pageSize: 50 }));
    first.unmount();
    const again = renderHook(() => usePushOutbox());
    expect(again.result.current.pageSize).toBe(50);
    await waitFor(() => expect(getPushOutbox).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 50 }));
  });

  it('says so when the list cannot be read', async () => {
    vi.mocked(getPushOutbox).mockRejectedValue(new Error('down'));
    const { result } = renderHook(() => usePushOutbox());
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });
});
