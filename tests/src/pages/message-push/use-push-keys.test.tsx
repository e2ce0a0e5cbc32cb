import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { issuePushKey, listPushKeys, revokePushKeys } from '../../../../src/adapters/message-push-api';
import { usePushKeys } from '../../../../src/pages/message-push/use-push-keys';

vi.mock('../../../../src/adapters/message-push-api', () => ({
  listPushKeys: vi.fn(),
  issuePushKey: vi.fn(),
  revokePushKeys: vi.fn(),
}));

const KEY = `upk_${'k'.repeat(43)}`;

describe('usePushKeys', () => {
  beforeEach(() => {
    vi.mocked(listPushKeys).mockReset().mockResolvedValue({ keys: [] });
    vi.mocked(issuePushKey).mockReset();
    vi.mocked(revokePushKeys).mockReset();
  });

  it('creates a key with its label, holds it to be shown once, and lists the keys again without it', async () => {
    const { result } = renderHook(() => usePushKeys());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.keys).toEqual([]);
    vi.mocked(issuePushKey).mockResolvedValue({ id: 7, key: KEY, label: 'ELN', createdAt: 5, revoked: 0 });
    vi.mocked(listPushKeys).mockResolvedValue({ keys: [{ id: 7, label: 'ELN', createdAt: 5 }] });
    act(() => result.current.setLabel('ELN'));
    await act(async () => {
      expect(await result.current.issue(false)).toBe(true);
    });
    expect(issuePushKey).toHaveBeenCalledWith({ label: 'ELN', rotate: false });
    expect(result.current.issued?.key).toBe(KEY);
    expect(result.current.label).toBe('');
    expect(result.current.keys).toEqual([{ id: 7, label: 'ELN', createdAt: 5 }]);
    act(() => result.current.dismissIssued());
    expect(result.current.issued).toBeNull();
  });

  it('rotates and revokes, and keeps the list when the server refuses', async () => {
    vi.mocked(listPushKeys).mockResolvedValue({ keys: [{ id: 1, label: '', createdAt: 1 }] });
    const { result } = renderHook(() => usePushKeys());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    vi.mocked(issuePushKey).mockRejectedValueOnce(new Error('refused'));
    await act(async () => {
      expect(await result.current.issue(true)).toBe(false);
    });
    expect(issuePushKey).toHaveBeenCalledWith({ label: '', rotate: true });
    expect(result.current.issued).toBeNull();
    vi.mocked(revokePushKeys).mockResolvedValue({ revoked: 1 });
    vi.mocked(listPushKeys).mockResolvedValue({ keys: [] });
    await act(async () => {
      expect(await result.current.revoke()).toBe(1);
    });
    expect(result.current.keys).toEqual([]);
  });
});
