import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuTreeItem } from '../../../../domain/schemas/menus';
import { readStoredSession, STORAGE_KEYS } from '../../../../src/adapters/storage';
import { sessionStore, useSession } from '../../../../src/pages/session/use-session';
import { testSession } from '../../test-utils';

const tree: MenuTreeItem[] = [
  {
    Code: 'personalCenter',
    Name: 'Personal centre',
    HasAuth: true,
    Children: [
      { Code: 'info', Name: 'Basic info', HasAuth: true, Children: [] },
      { Code: 'loginLog', Name: 'Login log', HasAuth: false, Children: [] },
    ],
  },
];

describe('sessionStore', () => {
  beforeEach(() => {
    sessionStore.clear();
  });

  it('starts from the session stored on this device', async () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(testSession({ OrgName: 'Stored Lab' })));
    vi.resetModules();
    const fresh = await import('../../../../src/pages/session/use-session');
    expect(fresh.sessionStore.get().session?.OrgName).toBe('Stored Lab');
    expect(fresh.sessionStore.get().menuStatus).toBe('idle');
  });

  it('stores a sign-in on the device', () => {
    sessionStore.signIn(testSession());
    expect(sessionStore.get().session?.AccountInfo.ID).toBe(7);
    expect(readStoredSession()?.AccountInfo.ID).toBe(7);
  });

  it("keeps the menus when the same user's session is refreshed, and drops them for another user", () => {
    sessionStore.signIn(testSession());
    sessionStore.menusLoaded(tree);
    sessionStore.signIn(testSession({ Lang: 'zh-CN' }));
    expect(sessionStore.get().menuStatus).toBe('ready');
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, ID: 8 } }));
    expect(sessionStore.get()).toMatchObject({ menuStatus: 'idle', menuTree: [] });
    expect(sessionStore.get().codes.size).toBe(0);
  });

  it('patches the signed-in session and its stored copy, and ignores a patch when signed out', () => {
    sessionStore.signIn(testSession({ UIVersion: 'NEW' }));
    sessionStore.update({ UIVersion: 'NOSTALGIA' });
    expect(sessionStore.get().session?.UIVersion).toBe('NOSTALGIA');
    expect(readStoredSession()?.UIVersion).toBe('NOSTALGIA');
    sessionStore.clear();
    sessionStore.update({ UIVersion: 'NEW' });
    expect(sessionStore.get().session).toBeNull();
    expect(readStoredSession()).toBeNull();
  });

  it('authorises the codes of the menu tree the user has, and none after a failed fetch', () => {
    sessionStore.signIn(testSession());
    sessionStore.menusLoading();
    expect(sessionStore.get().menuStatus).toBe('loading');
    sessionStore.menusLoaded(tree);
    expect(sessionStore.get().codes.has('info')).toBe(true);
    expect(sessionStore.get().codes.has('loginLog')).toBe(false);
    sessionStore.menusFailed();
    expect(sessionStore.get()).toMatchObject({ menuStatus: 'failed', menuTree: [] });
    expect(sessionStore.get().codes.size).toBe(0);
  });

  it('forgets the user on this device when cleared', () => {
    sessionStore.signIn(testSession());
    sessionStore.clear();
    expect(sessionStore.get().session).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('stops telling a listener once it unsubscribes', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.signIn(testSession());
    unsubscribe();
    sessionStore.clear();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('useSession', () => {
  function Who() {
    const { session } = useSession();
    return <p>{session ? session.AccountInfo.RealName : 'signed out'}</p>;
  }

  it('re-renders a component when the session changes', () => {
    sessionStore.clear();
    render(<Who />);
    expect(screen.getByText('signed out')).toBeTruthy();
    act(() => sessionStore.signIn(testSession()));
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    act(() => sessionStore.clear());
    expect(screen.getByText('signed out')).toBeTruthy();
  });
});
