import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getFormerMemberPage } from '../../../../src/adapters/members-api';
import { useMemberHistoryPage } from '../../../../src/pages/members/use-member-history-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/members-api', () => ({
  getFormerMemberPage: vi.fn(),
  restoreMembers: vi.fn(),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/layout/history">{children}</Providers>
);

describe('Former members page size', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    localStorage.clear();
    sessionStore.signIn(testSession());
    vi.mocked(getFormerMemberPage).mockReset().mockResolvedValue({ total: 0, rows: [] });
  });

  it('asks for the chosen size from page 1, and the table keeps it when shown again', async () => {
    const first = renderHook(() => useMemberHistoryPage(), { wrapper });
    await waitFor(() => expect(getFormerMemberPage).toHaveBeenCalledWith({ pageIndex: 1, pageSize: 10 }));
    act(() => first.result.current.goToPage(3, 50));
    await waitFor(() => expect(getFormerMemberPage).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 50 }));
    first.unmount();
    const again = renderHook(() => useMemberHistoryPage(), { wrapper });
    expect(again.result.current.pageSize).toBe(50);
  });
});
