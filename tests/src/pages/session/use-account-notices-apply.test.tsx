import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setClientConfig } from '../../../../src/adapters/config-api';
import { routeMeta } from '../../../../src/pages/paths';
import { useAccountNoticesApply } from '../../../../src/pages/session/use-account-notices-apply';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testConfig, testSession, useLanguage } from '../../test-utils';

// The real guard facts, watched: the test checks which module switches the hook reads them with.
vi.mock('../../../../src/pages/paths', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/pages/paths')>();
  return { ...actual, routeMeta: vi.fn(actual.routeMeta) };
});

const at =
  (path: string) =>
  ({ children }: { children: ReactNode }) => <Providers path={path}>{children}</Providers>;

describe('useAccountNoticesApply', () => {
  beforeAll(() => useLanguage('en-US'));
  afterEach(() => {
    act(() => sessionStore.clear());
    setClientConfig(testConfig);
    vi.mocked(routeMeta).mockClear();
  });

  it("reads the page's guard facts with the organisation's switches, capped by the deployment's", () => {
    setClientConfig({ ...testConfig, modules: { reset: true, register: true, appDownload: true } });
    act(() =>
      sessionStore.signIn(
        testSession({ OrgSettings: { modules: { reset: false, appDownload: true }, lockIdleMinutes: 0 } }),
      ),
    );
    const { result } = renderHook(() => useAccountNoticesApply(), { wrapper: at('/cardModeIndex') });
    expect(result.current).toBe(true);
    expect(vi.mocked(routeMeta)).toHaveBeenLastCalledWith('/cardModeIndex', {
      reset: false,
      register: true,
      appDownload: true,
    });
  });

  it("never turns on a module the deployment has off, whatever the organisation's switch says", () => {
    setClientConfig({ ...testConfig, modules: { reset: false, register: true, appDownload: false } });
    act(() => sessionStore.signIn(testSession()));
    renderHook(() => useAccountNoticesApply(), { wrapper: at('/layout/info') });
    expect(vi.mocked(routeMeta)).toHaveBeenLastCalledWith('/layout/info', {
      reset: false,
      register: true,
      appDownload: false,
    });
  });

  it("reads the deployment's switches before sign-in, and applies nowhere then", () => {
    setClientConfig({ ...testConfig, modules: { reset: true, register: false, appDownload: true } });
    const { result } = renderHook(() => useAccountNoticesApply(), { wrapper: at('/login') });
    expect(result.current).toBe(false);
    expect(vi.mocked(routeMeta)).toHaveBeenLastCalledWith('/login', {
      reset: true,
      register: false,
      appDownload: true,
    });
  });

  it('applies on signed-in pages only, not where a password change or the screen lock is', () => {
    act(() => sessionStore.signIn(testSession()));
    expect(renderHook(() => useAccountNoticesApply(), { wrapper: at('/layout/info') }).result.current).toBe(
      true,
    );
    expect(renderHook(() => useAccountNoticesApply(), { wrapper: at('/modifyPsw') }).result.current).toBe(
      false,
    );
    expect(renderHook(() => useAccountNoticesApply(), { wrapper: at('/lock') }).result.current).toBe(false);
  });
});
