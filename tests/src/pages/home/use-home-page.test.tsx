import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthorizedProduct } from '../../../../domain/schemas/products';
import { getAuthorizeInfo } from '../../../../src/adapters/products-api';
import { appInitials, splitApps, useHomePage } from '../../../../src/pages/home/use-home-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/products-api', () => ({ getAuthorizeInfo: vi.fn() }));

const app = (Code: string, IsAuthorized: boolean, ID: number): AuthorizedProduct => ({
  ID,
  Code,
  PlatformName: Code,
  Introduction: `${Code} intro`,
  IsAuthorized,
  WebUrl: IsAuthorized ? `https://${Code.toLowerCase()}.example` : '',
});

const APPS = [app('ELN', true, 1), app('CIMS', false, 2), app('LIMS', true, 3), app('PM', false, 4)];
// The host adapter opens products (a new tab here, the host's web view inside a chat host).
const platform = { ...createBrowserPlatform('desktop'), openLink: vi.fn(async () => undefined) };
const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/cardModeIndex" platform={platform}>
    {children}
  </Providers>
);

describe('splitApps', () => {
  it('keeps server order within My Apps and More Apps', () => {
    const { myApps, moreApps } = splitApps(APPS);
    expect(myApps.map((a) => a.Code)).toEqual(['ELN', 'LIMS']);
    expect(moreApps.map((a) => a.Code)).toEqual(['CIMS', 'PM']);
  });

  it('makes two-letter tile initials', () => {
    expect(appInitials('STABILITY')).toBe('ST');
    expect(appInitials('im')).toBe('IM');
  });
});

describe('useHomePage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.signIn(testSession());
    vi.mocked(getAuthorizeInfo).mockReset();
    platform.openLink.mockClear();
  });

  it('loads every product including unlicensed ones and splits them', async () => {
    vi.mocked(getAuthorizeInfo).mockResolvedValue(APPS);
    const { result } = renderHook(() => useHomePage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(getAuthorizeInfo).toHaveBeenCalledWith(true);
    expect(result.current.myApps).toHaveLength(2);
    expect(result.current.moreApps).toHaveLength(2);
    expect(result.current.userName).toBe('Ada Lovelace');
    expect(result.current.orgName).toBe('Demo Lab');
  });

  it('opens a licensed product and ignores an unlicensed one', async () => {
    vi.mocked(getAuthorizeInfo).mockResolvedValue(APPS);
    const { result } = renderHook(() => useHomePage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    result.current.enter(result.current.myApps[0]);
    result.current.enter(result.current.moreApps[0]);
    expect(platform.openLink).toHaveBeenCalledTimes(1);
    expect(platform.openLink).toHaveBeenCalledWith('https://eln.example');
  });

  it('reports a failed load', async () => {
    vi.mocked(getAuthorizeInfo).mockRejectedValue(new Error('boom'));
    const { result } = renderHook(() => useHomePage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.myApps).toEqual([]);
  });
});
