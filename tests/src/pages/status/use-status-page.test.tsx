import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { useStatusPage } from '../../../../src/pages/status/use-status-page';
import { Providers, testSession, useLanguage } from '../../test-utils';

const wrapper = ({ children }: { children: ReactNode }) => <Providers path="/nowhere">{children}</Providers>;

describe('useStatusPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.clear();
  });

  it('offers the way back to login when signed out', () => {
    const { result } = renderHook(() => useStatusPage('notFound'), { wrapper });
    expect(result.current.message).toBe('Sorry, the page you visited does not exist.');
    expect(result.current.action).toEqual({ to: '/login', label: 'Back to login' });
    expect(result.current.noAuthHeader).toBe(true);
  });

  it('keeps a signed-in page without the no-auth header', () => {
    sessionStore.signIn(testSession());
    const { result } = renderHook(() => useStatusPage('notFound'), { wrapper });
    expect(result.current.noAuthHeader).toBe(false);
  });

  it.each([true, false])('leads back to login from the blocked-IP notice (signed in: %s)', (signedIn) => {
    if (signedIn) sessionStore.signIn(testSession());
    const { result } = renderHook(() => useStatusPage('ipException'), { wrapper });
    expect(result.current.title).toBe('Access restricted');
    expect(result.current.action).toEqual({ to: '/login', label: 'Back to login' });
    expect(result.current.noAuthHeader).toBe(!signedIn);
  });

  it.each([
    ['NEW', '/cardModeIndex'],
    ['NOSTALGIA', '/layout/info'],
  ] as const)('offers the home of the %s UI when signed in', (UIVersion, home) => {
    sessionStore.signIn(testSession({ UIVersion }));
    const { result } = renderHook(() => useStatusPage('noPermission'), { wrapper });
    expect(result.current.message).toBe('You have no permission to open this page');
    expect(result.current.action).toEqual({ to: home, label: 'Back to home' });
  });

  it.each([
    ['en-US', 'Not authorised', 'You are not authorised to use this product or page.'],
    ['zh-CN', '暂未授权', '您暂未获得该产品或页面的使用授权'],
  ] as const)('explains /noAuth in %s and offers the way home', async (language, title, message) => {
    await useLanguage(language);
    sessionStore.signIn(testSession());
    const { result } = renderHook(() => useStatusPage('noAuth'), { wrapper });
    expect(result.current.title).toBe(title);
    expect(result.current.message).toContain(message);
    expect(result.current.action.to).toBe('/cardModeIndex');
  });
});
