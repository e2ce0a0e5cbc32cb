import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { offeredPageSize, usePageSize } from '../../../../src/pages/table/use-page-size';

describe('usePageSize', () => {
  beforeEach(() => localStorage.clear());

  it('starts at 10 and remembers a chosen size per table, on this device', () => {
    const members = renderHook(() => usePageSize('members'));
    expect(members.result.current[0]).toBe(10);
    act(() => members.result.current[1](50));
    expect(members.result.current[0]).toBe(50);
    // Shown again later: the size comes back; another table keeps its own.
    expect(renderHook(() => usePageSize('members')).result.current[0]).toBe(50);
    expect(renderHook(() => usePageSize('formerMembers')).result.current[0]).toBe(10);
  });

  it('offers only 10, 20, 50 and 100', () => {
    const table = renderHook(() => usePageSize('members'));
    act(() => table.result.current[1](1000));
    expect(table.result.current[0]).toBe(10);
    expect([10, 20, 50, 100, 7, null].map(offeredPageSize)).toEqual([10, 20, 50, 100, 10, 10]);
  });
});
