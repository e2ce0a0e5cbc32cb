import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { getClientConfig } from '../adapters/config-api';
import { getUserMenuTree } from '../adapters/menus-api';
import { assignLocation, reloadPage } from '../adapters/browser-window';
import { hasChunkReloaded, markChunkReloaded } from '../adapters/storage';
import { decideChunkRecovery, decideRoute, type GuardDecision } from './guard';
import { routeMeta } from './paths';
import { modulesInForce } from './session/modules-in-force';
import { sessionStore, useSession } from './session/use-session';

let menuRequest: Promise<void> | null = null;

/**
 * Fetches the user's menu tree once per session; a failure marks it failed (the guard then says /401). Also
 * asked for by the user menu on pages that need no menu code (the card home), to find the administration.
 */
export function loadMenus(): Promise<void> {
  menuRequest ??= (async () => {
    sessionStore.menusLoading();
    try {
      sessionStore.menusLoaded(await getUserMenuTree());
    } catch {
      sessionStore.menusFailed();
    } finally {
      menuRequest = null;
    }
  })();
  return menuRequest;
}

/**
 * Runs the SPEC §2 route guard for the current location and performs its side effects (clearing the
 * session, fetching menus, leaving for the demo site). The shell renders the returned decision.
 */
export function useRouteGuard(): GuardDecision {
  const { pathname } = useLocation();
  const { session, menuStatus, codes } = useSession();
  const config = getClientConfig();

  const decision = useMemo(
    () =>
      decideRoute({
        path: pathname,
        // The organisation's module switches apply to its signed-in members (System settings > General).
        route: routeMeta(pathname, modulesInForce(config.modules, session)),
        loggedIn: session !== null,
        uiVersion: session?.UIVersion ?? null,
        loginMode: session?.LoginMode ?? null,
        deployment: config.deployment,
        ssoLoginUrl: config.ssoLoginUrl,
        ssoLoginHosts: config.ssoLoginHosts ?? [],
        origin: window.location.origin,
        trialDemoUrl: config.trialDemoUrl ?? null,
        menuStatus,
        authorisedCodes: codes,
        mustChangePassword: session?.PwdInfo.MustChange ?? false,
        screenLocked: session?.Locked ?? false,
      }),
    [pathname, session, menuStatus, codes, config],
  );

  useEffect(() => {
    if (decision.kind === 'loadMenus') void loadMenus();
    if (decision.kind === 'external') assignLocation(decision.url);
    if (decision.kind === 'redirect' && decision.clearSession && sessionStore.get().session)
      sessionStore.clear();
  }, [decision]);

  return decision;
}

/** Route error handling: a failed lazy chunk reloads the page once, anything else is shown. */
export function useChunkRecovery(error: unknown): 'reload' | 'show' {
  const action = decideChunkRecovery(error, hasChunkReloaded());
  useEffect(() => {
    if (action === 'reload') {
      markChunkReloaded();
      reloadPage();
    }
  }, [action]);
  return action;
}
