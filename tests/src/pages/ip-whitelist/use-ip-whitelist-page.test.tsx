import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  getIpWhitelist,
  saveIpWhitelist,
  switchIpWhitelist,
} from '../../../../src/adapters/ip-whitelist-api';
import { useIpWhitelistPage } from '../../../../src/pages/ip-whitelist/use-ip-whitelist-page';

vi.mock('../../../../src/adapters/ip-whitelist-api', () => ({
  getIpWhitelist: vi.fn(),
  saveIpWhitelist: vi.fn(),
  switchIpWhitelist: vi.fn(),
}));

const LOADED = {
  Enabled: false,
  IpList: '10.0.0.0/8',
  CurrentIp: '192.168.1.10',
  CurrentIpAllowed: false,
  UnrestrictedCount: 0,
};
const excludes = () =>
  new ApiError(409, 'errors.ipWhitelist.excludesCurrent', 'not in the list', { ip: '192.168.1.10' });

describe('useIpWhitelistPage', () => {
  beforeEach(() => {
    vi.mocked(getIpWhitelist).mockReset().mockResolvedValue(LOADED);
    vi.mocked(saveIpWhitelist).mockReset();
    vi.mocked(switchIpWhitelist).mockReset();
  });

  it('loads the lines into the editor with the administrator’s address', async () => {
    const { result } = renderHook(() => useIpWhitelistPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.text).toBe('10.0.0.0/8');
    expect(result.current.whitelist?.CurrentIp).toBe('192.168.1.10');
  });

  it('shows the server’s bad-line refusal and clears it on typing', async () => {
    vi.mocked(saveIpWhitelist).mockRejectedValue(
      new ApiError(400, 'errors.ipWhitelist.invalidLine', 'row 2', { row: 2 }),
    );
    const { result } = renderHook(() => useIpWhitelistPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update('10.0.0.0/8\nnope'));
    let outcome;
    await act(async () => {
      outcome = await result.current.save();
    });
    expect(outcome).toBe('refused');
    expect(saveIpWhitelist).toHaveBeenCalledWith('10.0.0.0/8\nnope', false);
    expect(result.current.problem).toEqual({ key: 'errors.ipWhitelist.invalidLine', params: { row: 2 } });
    act(() => result.current.update('10.0.0.0/8'));
    expect(result.current.problem).toBeNull();
  });

  it('asks before a switch that leaves the administrator out, then goes ahead confirmed', async () => {
    vi.mocked(switchIpWhitelist)
      .mockRejectedValueOnce(excludes())
      .mockResolvedValueOnce({ ...LOADED, Enabled: true });
    const { result } = renderHook(() => useIpWhitelistPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      expect(await result.current.setEnabled(true)).toBe('confirm');
    });
    expect(result.current.pending).toEqual({ kind: 'switch', on: true, ip: '192.168.1.10' });
    await act(async () => {
      expect(await result.current.confirm()).toBe('done');
    });
    expect(switchIpWhitelist).toHaveBeenLastCalledWith(true, true);
    expect(result.current.whitelist?.Enabled).toBe(true);
    expect(result.current.pending).toBeNull();
  });

  it('keeps lines typed and not saved when the switch saves on its own', async () => {
    vi.mocked(switchIpWhitelist).mockResolvedValue({ ...LOADED, Enabled: true });
    const { result } = renderHook(() => useIpWhitelistPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update('10.0.0.0/8\n172.16.0.0/12'));
    await act(async () => {
      expect(await result.current.setEnabled(true)).toBe('done');
    });
    expect(result.current.whitelist?.Enabled).toBe(true);
    expect(result.current.text).toBe('10.0.0.0/8\n172.16.0.0/12');
  });

  it('drops the pending change on cancel', async () => {
    vi.mocked(saveIpWhitelist).mockRejectedValue(excludes());
    const { result } = renderHook(() => useIpWhitelistPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      await result.current.save();
    });
    expect(result.current.pending?.kind).toBe('save');
    act(() => result.current.cancel());
    expect(result.current.pending).toBeNull();
    expect(saveIpWhitelist).toHaveBeenCalledTimes(1);
  });

  it('says the page failed when the read fails', async () => {
    vi.mocked(getIpWhitelist).mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useIpWhitelistPage());
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });
});
