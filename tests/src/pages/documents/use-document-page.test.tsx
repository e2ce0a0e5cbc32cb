import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDocument } from '../../../../src/adapters/documents-api';
import { changeLanguage } from '../../../../src/i18n/i18n';
import { documentOfPath, useDocumentPage } from '../../../../src/pages/documents/use-document-page';
import { FOOTER_LINKS } from '../../../../src/pages/layout/use-app-footer';
import { PAGE_PATHS } from '../../../../src/pages/route-table';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/documents-api', () => ({ getDocument: vi.fn() }));

const at =
  (path: string) =>
  ({ children }: { children: ReactNode }) => <Providers path={path}>{children}</Providers>;

describe('documentOfPath', () => {
  it.each([
    ['/agreement', 'agreement'],
    ['/privacy', 'privacy'],
    ['/disclaimer', 'disclaimer'],
    ['/sdk', 'sdk'],
    ['/app_permission_requests', 'appPermissions'],
    ['/company', 'company'],
    ['/contact', 'contact'],
    ['/login', null],
  ])('%s shows %s', (path, name) => {
    expect(documentOfPath(path)).toBe(name);
  });
});

describe('FOOTER_LINKS', () => {
  it('lead to document pages that exist', () => {
    expect(FOOTER_LINKS.map((link) => documentOfPath(link.path))).toEqual([
      'agreement',
      'privacy',
      'disclaimer',
      'company',
      'contact',
    ]);
    for (const link of FOOTER_LINKS) expect(PAGE_PATHS.has(link.path)).toBe(true);
  });
});

describe('useDocumentPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.clear();
    vi.mocked(getDocument).mockReset();
    vi.mocked(getDocument).mockImplementation(async (page, lang) => ({
      Page: page,
      Lang: lang,
      Markdown: `# ${page} in ${lang}\n\n- one\n- two`,
      UpdatedAt: Date.UTC(2026, 10, 1),
    }));
  });

  it("loads the route's document in the current language and parses it", async () => {
    const { result } = renderHook(() => useDocumentPage(), { wrapper: at('/privacy') });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(getDocument).toHaveBeenCalledWith('privacy', 'en-US');
    expect(result.current.title).toBe('privacy in en-US');
    expect(result.current.blocks[1]).toMatchObject({ kind: 'list', ordered: false });
    expect(result.current.updatedDate).toMatch(/^(Oct 31|Nov 01), 2026$/);
    expect(result.current.others.map((other) => other.name)).not.toContain('privacy');
    expect(result.current.backPath).toBe('/login');
  });

  it('loads it again in the other language after a switch', async () => {
    const { result } = renderHook(() => useDocumentPage(), { wrapper: at('/agreement') });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => changeLanguage('zh-CN'));
    await waitFor(() => expect(result.current.title).toBe('agreement in zh-CN'));
    await act(() => changeLanguage('en-US'));
  });

  it('says so when it fails, and tries again on retry', async () => {
    vi.mocked(getDocument).mockRejectedValueOnce(new Error('down'));
    const { result } = renderHook(() => useDocumentPage(), { wrapper: at('/contact') });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(getDocument).toHaveBeenCalledTimes(2);
  });

  it('leads a signed-in reader back to the home instead of the login', async () => {
    sessionStore.signIn(testSession());
    const { result } = renderHook(() => useDocumentPage(), { wrapper: at('/company') });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.backPath).toBe('/cardModeIndex');
    sessionStore.clear();
  });
});
