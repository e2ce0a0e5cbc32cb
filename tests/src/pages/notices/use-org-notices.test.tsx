import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../../../domain/constants';
import type { OrgNotice } from '../../../../domain/schemas/notices';
import { ApiError } from '../../../../src/adapters/api-client';
import { endOrgNotice, listOrgNotices, postOrgNotice } from '../../../../src/adapters/notices-api';
import { useOrgNotices } from '../../../../src/pages/notices/use-org-notices';
import { Providers } from '../../test-utils';

vi.mock('../../../../src/adapters/notices-api', () => ({
  listOrgNotices: vi.fn(),
  postOrgNotice: vi.fn(),
  endOrgNotice: vi.fn(),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/layout/systemSetting">{children}</Providers>
);
const NOW = Date.UTC(2026, 10, 26, 9, 0);
const ROW: OrgNotice = {
  ID: 1,
  NoticeType: 'announcement',
  Title: 'Upgrade',
  Detail: '升级',
  EnDetail: 'Upgrade',
  Link: '',
  BeginTime: NOW,
  EndTime: NOW + DAY_MS,
  Scope: 'organization',
  Status: 'live',
  CreatedBy: 'Admin',
  CreatedAt: NOW,
};

describe('useOrgNotices', () => {
  beforeEach(() => {
    vi.mocked(listOrgNotices)
      .mockReset()
      .mockResolvedValue({ total: 1, rows: [ROW] });
    vi.mocked(postOrgNotice).mockReset().mockResolvedValue(ROW);
    vi.mocked(endOrgNotice)
      .mockReset()
      .mockResolvedValue({ ...ROW, Status: 'ended' });
  });

  const render = () => renderHook(() => useOrgNotices(() => NOW), { wrapper });

  it("lists the organisation's notices", async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.rows).toEqual([ROW]);
    expect(listOrgNotices).toHaveBeenCalledWith(1, 10);
  });

  it('names the problems of a bad form without sending it, then posts a good one and reads the list again', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.openForm());
    expect(result.current.draft).toMatchObject({
      NoticeType: 'announcement',
      BeginTime: NOW,
      EndTime: NOW + 7 * DAY_MS,
    });
    act(() => result.current.change({ NoticeType: 'survey', Link: 'javascript:alert(1)' }));
    await act(() => result.current.submit());
    expect(result.current.problems).toEqual({
      Title: 'errors.notices.titleRequired',
      Detail: 'errors.notices.detailRequired',
      Link: 'errors.notices.linkInvalid',
    });
    expect(postOrgNotice).not.toHaveBeenCalled();

    act(() =>
      result.current.change({ Title: ' Survey ', Detail: '请评价\r\n谢谢', Link: 'https://s.example' }),
    );
    await act(() => result.current.submit());
    expect(postOrgNotice).toHaveBeenCalledWith(
      expect.objectContaining({ Title: 'Survey', Detail: '请评价\n谢谢', Link: 'https://s.example' }),
    );
    expect(result.current.draft).toBeNull();
    expect(result.current.posted).toBe(1);
    await waitFor(() => expect(listOrgNotices).toHaveBeenCalledTimes(2));
  });

  it("shows the server's refusal and keeps the form", async () => {
    vi.mocked(postOrgNotice).mockRejectedValue(
      new ApiError(429, 'errors.notices.tooMany', 'x', { count: 20 }),
    );
    const { result } = render();
    act(() => result.current.openForm());
    act(() => result.current.change({ Title: 'T', Detail: 'D' }));
    await act(() => result.current.submit());
    expect(result.current.problem).toEqual({ key: 'errors.notices.tooMany', params: { count: 20 } });
    expect(result.current.draft).not.toBeNull();
  });

  it('ends a notice and reads the list again', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.end(1));
    expect(endOrgNotice).toHaveBeenCalledWith(1);
    await waitFor(() => expect(listOrgNotices).toHaveBeenCalledTimes(2));
  });
});
