import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../../../domain/schemas/notices';
import { getLatestNotice } from '../../../../src/adapters/notices-api';
import { useAnnouncementBanner } from '../../../../src/pages/notices/use-announcement-banner';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/notices-api', () => ({ getLatestNotice: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/cardModeIndex">{children}</Providers>
);

const NOTICE: Notice = {
  ID: 7,
  NoticeType: 'announcement',
  Title: 'Upgrade',
  Detail: '今晚升级',
  EnDetail: 'Upgrade tonight',
  Link: '',
  BeginTime: 0,
  EndTime: Date.UTC(2030, 0, 1),
  Scope: 'deployment',
};

describe('useAnnouncementBanner', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
    sessionStorage.clear();
    sessionStore.signIn(testSession());
    vi.mocked(getLatestNotice).mockReset();
    vi.mocked(getLatestNotice).mockResolvedValue(NOTICE);
  });

  const render = () => renderHook(() => useAnnouncementBanner(), { wrapper });

  it('shows the latest announcement in the user language, collapsed, and expands and collapses', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.visible).toBe(true));
    expect(getLatestNotice).toHaveBeenCalledWith('announcement');
    expect(result.current.text).toBe('今晚升级');
    expect(result.current.expanded).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.expanded).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.expanded).toBe(false);
    await act(() => useLanguage('en-US'));
    expect(result.current.text).toBe('Upgrade tonight');
  });

  it('stays closed for the session once closed, also after a reload', async () => {
    const first = render();
    await waitFor(() => expect(first.result.current.visible).toBe(true));
    act(() => first.result.current.close());
    expect(first.result.current.visible).toBe(false);
    first.unmount();
    const reloaded = render();
    await waitFor(() => expect(getLatestNotice).toHaveBeenCalledTimes(2));
    expect(reloaded.result.current.visible).toBe(false);
    // Another announcement is not the one closed.
    vi.mocked(getLatestNotice).mockResolvedValue({ ...NOTICE, ID: 8 });
    reloaded.unmount();
    const next = render();
    await waitFor(() => expect(next.result.current.visible).toBe(true));
  });

  it('shows nothing when no announcement is live or it cannot load', async () => {
    vi.mocked(getLatestNotice).mockResolvedValue(null);
    const none = render();
    await waitFor(() => expect(getLatestNotice).toHaveBeenCalled());
    expect(none.result.current.visible).toBe(false);
    vi.mocked(getLatestNotice).mockRejectedValue(new Error('offline'));
    const failed = render();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(failed.result.current.visible).toBe(false);
  });
});
