import type { Deployment, UiVersion } from '../../domain/constants';
import { homePath, PATHS, type RouteMeta } from './paths';

export type MenuStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** Everything the route guard decides on; pure values, no I/O. */
export interface GuardInput {
  path: string;
  /** Undefined for unknown paths (they render the 404 page). */
  route: RouteMeta | undefined;
  loggedIn: boolean;
  uiVersion: UiVersion | '' | null;
  /** SPEC §3 loginMode; 'trial' restricts the user to the demo site. */
  loginMode: string | null;
  deployment: Deployment;
  /** SSO_LOGIN_URL: where a project deployment sends signed-out users (see ssoLoginDecision). */
  ssoLoginUrl: string | null;
  /** SSO_LOGIN_HOSTS: the other hosts an SSO login address may be on. */
  ssoLoginHosts?: readonly string[];
  /** The origin the portal is open at (an SSO login address there is the portal's own). */
  origin?: string;
  /** Where trial users are sent; null until the trial issue configures it. */
  trialDemoUrl: string | null;
  menuStatus: MenuStatus;
  authorisedCodes: ReadonlySet<string>;
  /** The session must change its password first (SPEC §4: initial, expired or too weak). */
  mustChangePassword: boolean;
  /** The screen lock has locked the session: only /lock (and public pages) until it is unlocked. */
  screenLocked?: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; clearSession: boolean }
  | { kind: 'external'; url: string }
  /** The page needs the menu tree and it has not been fetched yet. */
  | { kind: 'loadMenus' }
  /** The menu tree is being fetched. */
  | { kind: 'wait' };

/**
 * Where a signed-out user goes in a project deployment with an SSO login address: a page of the portal's
 * own (same origin, e.g. `/#/sso?orgId=3`) by the router, or an identity provider's start page on a host
 * the operator listed (SSO_LOGIN_HOSTS). Any other address, or one that is not http(s), is never followed
 * (it would make the portal an open redirect): the portal's /sso page instead.
 */
export function ssoLoginDecision(
  address: string,
  origin: string,
  allowedHosts: readonly string[],
): GuardDecision {
  const fallback: GuardDecision = { kind: 'redirect', to: PATHS.sso, clearSession: true };
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fallback;
  if (url.origin === origin) {
    return url.hash.startsWith('#/')
      ? { kind: 'redirect', to: url.hash.slice(1), clearSession: true }
      : { kind: 'external', url: url.href };
  }
  const hosts = allowedHosts.map((host) => host.trim().toLowerCase());
  return hosts.includes(url.host) ? { kind: 'external', url: url.href } : fallback;
}

/** Pages a signed-in user is sent away from (SPEC §2). */
const SIGNED_OUT_ONLY = new Set<string>([PATHS.login, PATHS.reset, PATHS.applyTrial, PATHS.trial]);

/**
 * The route guard of SPEC §2, in order: excluded route -> 404; signed out on a login-only route ->
 * clear and sign in (or SSO in a project deployment with an SSO address); trial users -> demo site
 * except applyTrial (checked first, so a trial user may apply); signed in on login, reset or applyTrial
 * -> home by UI version; a session that must change its password -> /modifyPsw for every page that needs
 * a sign-in (and for login, reset, applyTrial); menu pages need their
 * code in the user's authorised menu tree, and a failed menu fetch means /401.
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const { route, path } = input;
  if (route?.exclude) return { kind: 'redirect', to: PATHS.notFound, clearSession: false };

  if (!input.loggedIn) {
    if (!route?.needsLogin) return { kind: 'allow' };
    if (input.deployment === 'project' && input.ssoLoginUrl) {
      return ssoLoginDecision(input.ssoLoginUrl, input.origin ?? '', input.ssoLoginHosts ?? []);
    }
    return { kind: 'redirect', to: PATHS.login, clearSession: true };
  }

  if (input.loginMode === 'trial') {
    // The trial sign-in page too: it shows the running trial, the way to the demo and the way out.
    if (path === PATHS.applyTrial || path === PATHS.trial) return { kind: 'allow' };
    return input.trialDemoUrl
      ? { kind: 'external', url: input.trialDemoUrl }
      : { kind: 'redirect', to: PATHS.applyTrial, clearSession: false };
  }

  // A locked screen: every signed-in page (and the signed-out-only ones) is the lock screen until unlocked.
  if (input.screenLocked && path !== PATHS.lock && (route?.needsLogin || SIGNED_OUT_ONLY.has(path))) {
    return { kind: 'redirect', to: PATHS.lock, clearSession: false };
  }

  // Nothing else is reachable until the password is changed; public pages (404, 401) stay as they are.
  if (
    input.mustChangePassword &&
    path !== PATHS.modifyPsw &&
    (route?.needsLogin || SIGNED_OUT_ONLY.has(path))
  ) {
    return { kind: 'redirect', to: PATHS.modifyPsw, clearSession: false };
  }

  if (SIGNED_OUT_ONLY.has(path)) {
    return { kind: 'redirect', to: homePath(input.uiVersion), clearSession: false };
  }

  if (!route?.menuCode) return { kind: 'allow' };
  switch (input.menuStatus) {
    case 'idle':
      return { kind: 'loadMenus' };
    case 'loading':
      return { kind: 'wait' };
    case 'failed':
      return { kind: 'redirect', to: PATHS.noPermission, clearSession: false };
    case 'ready':
      return input.authorisedCodes.has(route.menuCode)
        ? { kind: 'allow' }
        : { kind: 'redirect', to: PATHS.noPermission, clearSession: false };
  }
}

/** Messages browsers and Vite use when a lazy chunk cannot be fetched (a new deploy, a dropped network). */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading (?:CSS )?chunk [\w-]+ failed|ChunkLoadError|Unable to preload CSS/i;

/** Whether an error is a failed lazy-chunk load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR.test(text);
}

/** A chunk-load failure reloads the page once per tab; a second failure is shown, not looped. */
export function decideChunkRecovery(error: unknown, alreadyReloaded: boolean): 'reload' | 'show' {
  return isChunkLoadError(error) && !alreadyReloaded ? 'reload' : 'show';
}
