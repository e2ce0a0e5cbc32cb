import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppPage } from '../../../../src/adapters/portal-content-api';
import { changeLanguage } from '../../../../src/i18n/i18n';
import { useAppPage } from '../../../../src/pages/app-pages/use-app-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/portal-content-api', () => ({ getAppPage: vi.fn() }));

const at =
  (path: string) =>
  ({ children }: { children: ReactNode }) => <Providers path={path}>{children}</Providers>;

describe('useAppPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.clear();
    vi.mocked(getAppPage).mockReset();
    vi.mocked(getAppPage).mockImplementation(async (page, lang) => ({
      Page: page,
      Lang: lang,
      Markdown: `# ${page} in ${lang}\n\n- scan the code`,
      DownloadUrl: `https://downloads.example.test/${page}`,
      UpdatedAt: Date.UTC(2026, 10, 1),
    }));
  });

  it("loads the route's page in the current language with its download link, and again in the next language", async () => {
    const { result } = renderHook(() => useAppPage(), { wrapper: at('/app/cims') });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.name).toBe('appCims');
    expect(result.current.blocks[0]).toMatchObject({ kind: 'heading' });
    expect(result.current.downloadUrl).toBe('https://downloads.example.test/appCims');
    expect(result.current.backPath).toBe('/login');
    expect(result.current.pages.map((page) => page.name)).toContain('introEdm');

    await act(() => changeLanguage('zh-CN'));
    await waitFor(() => expect(vi.mocked(getAppPage)).toHaveBeenLastCalledWith('appCims', 'zh-CN'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it('says it failed when the page cannot be read (module off), and loads again on retry', async () => {
    vi.mocked(getAppPage).mockRejectedValueOnce(new Error('404'));
    const { result } = renderHook(() => useAppPage(), { wrapper: at('/app') });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.downloadUrl).toBeNull();
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(vi.mocked(getAppPage)).toHaveBeenCalledTimes(2);
  });
});
