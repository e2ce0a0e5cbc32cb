import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageTitleKey, usePageTitle } from '../../../src/pages/use-page-title';
import { createBrowserPlatform } from '../../../src/platforms/browser';
import { Providers, useLanguage } from '../test-utils';

describe('pageTitleKey', () => {
  it.each([
    ['/layout/info', 'menus.info'],
    ['/modifyPsw', 'menus.password'],
    ['/layout/password', 'menus.password'],
    ['/reset', 'reset.title'],
    ['/404', 'status.notFoundTitle'],
    ['/login', 'common.appName'],
    ['/dingding', 'common.appName'],
  ])('titles %s with %s', (path, key) => {
    expect(pageTitleKey(path)).toBe(key);
  });
});

describe('usePageTitle', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
  });

  it("hands the page's title in its language to the host adapter", async () => {
    const platform = { ...createBrowserPlatform('mobile'), setTitle: vi.fn(async () => undefined) };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers platform={platform} path="/layout/info">
        {children}
      </Providers>
    );
    renderHook(() => usePageTitle(), { wrapper });
    await waitFor(() => expect(platform.setTitle).toHaveBeenCalledWith('基本信息'));
  });
});
