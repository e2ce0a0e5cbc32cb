import { useSyncExternalStore } from 'react';
import type { SessionInfo } from '../../../domain/schemas/account';
import type { MenuTreeItem } from '../../../domain/schemas/menus';
import { authorisedCodes } from '../../../domain/rules/menu-tree';
import { clearStoredSession, readStoredSession, writeStoredSession } from '../../adapters/storage';
import type { MenuStatus } from '../guard';

/** The signed-in user and their menu tree, shared by every page. */
export interface SessionState {
  session: SessionInfo | null;
  menuStatus: MenuStatus;
  menuTree: MenuTreeItem[];
  codes: ReadonlySet<string>;
}

const EMPTY_CODES: ReadonlySet<string> = new Set();
const signedOut = (): SessionState => ({
  session: null,
  menuStatus: 'idle',
  menuTree: [],
  codes: EMPTY_CODES,
});

let state: SessionState = { ...signedOut(), session: readStoredSession() };
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** The session store: a tiny external store so hooks, the guard and the 401 handler share one truth. */
export const sessionStore = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After sign-in or a session refresh; a new user's menus are fetched again. */
  signIn(session: SessionInfo): void {
    writeStoredSession(session);
    const sameUser = state.session?.AccountInfo.ID === session.AccountInfo.ID;
    set(sameUser ? { ...state, session } : { ...signedOut(), session });
  },
  /** Patches the stored session (language, UI version). */
  update(patch: Partial<SessionInfo>): void {
    if (!state.session) return;
    const session = { ...state.session, ...patch };
    writeStoredSession(session);
    set({ ...state, session });
  },
  /** Forgets the user: sign-out, 401, or a guard redirect to login. */
  clear(): void {
    clearStoredSession();
    set(signedOut());
  },
  menusLoading(): void {
    set({ ...state, menuStatus: 'loading' });
  },
  menusLoaded(tree: MenuTreeItem[]): void {
    set({ ...state, menuStatus: 'ready', menuTree: tree, codes: authorisedCodes(tree) });
  },
  menusFailed(): void {
    set({ ...state, menuStatus: 'failed', menuTree: [], codes: EMPTY_CODES });
  },
};

/** Subscribes a component to the session store. */
export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
